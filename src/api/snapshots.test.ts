import { describe, expect, it } from 'vitest'
import { groupSources } from './snapshots'

const v2 = (key: number) => ({ source: 'blob_v2', blob_key: String(key) })

describe('grouping snapshot sources into requests', () => {
  it('takes runs of consecutive blob keys, at most the limit each', () => {
    const groups = groupSources([0, 1, 2, 3, 4, 7, 8].map(v2), 3)
    expect(groups.map((g) => g.map((s) => s.blob_key))).toEqual([
      ['0', '1', '2'],
      ['3', '4'],
      ['7', '8'],
    ])
  })

  it('asks for a long-term-storage file on its own and leaves unknown kinds out', () => {
    const groups = groupSources(
      [
        v2(0),
        { source: 'blob_v2_lts', blob_key: 'session_recordings_lts/team_id/1/session_id/abc/data' },
        { source: 'realtime' },
        v2(1),
      ],
      20,
    )
    expect(groups.map((g) => g.map((s) => s.source))).toEqual([['blob_v2'], ['blob_v2_lts'], ['blob_v2']])
  })
})
