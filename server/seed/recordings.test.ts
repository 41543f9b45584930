import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paginated, project, sessionRecording } from '../../src/contracts'
import { startHarness, type Harness } from '../test/harness'

describe('the demo seed', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())

  it('never shows a person first seen after one of their recordings started', async () => {
    const projects = (await h.call(paginated(project), 'GET', '/api/projects/?limit=1000')).body.results
    let checked = 0
    for (const p of projects) {
      const list = await h.call(
        paginated(sessionRecording),
        'GET',
        `/api/projects/${p.id}/session_recordings/?limit=1000`,
      )
      expect(list.status).toBe(200)
      for (const r of list.body.results) {
        if (!r.person?.created_at) continue
        checked++
        expect(
          Date.parse(String(r.person.created_at)),
          `${r.person.name ?? r.distinct_id} first seen ${r.person.created_at}, recording ${r.id} at ${r.start_time}`,
        ).toBeLessThanOrEqual(Date.parse(r.start_time))
      }
    }
    expect(checked).toBeGreaterThan(300)
  })
})
