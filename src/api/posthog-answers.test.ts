import { describe, expect, it } from 'vitest'
import { batchExport, batchExportRun, readableExport } from '../contracts/batch-exports'
import { organization } from '../contracts/organizations'
import { project } from '../contracts/projects'
import { sessionRecording } from '../contracts/session-recordings'
import { me, personalApiKey } from '../contracts/users'
import * as answers from '../../server/test/posthog-answers'
import { pageOf } from './pagination'

// The console reads what a real PostHog answers (fixtures written from PostHog's serializers): one
// export or recording the console does not fully know never fails a whole list.
const drf = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results })

describe("a real PostHog's answers", () => {
  it('read as the signed-in user, the key and the organization, fields the console does not know dropped', () => {
    expect(me.parse(answers.me).organization?.id).toBe(answers.ORG_ID)
    expect(personalApiKey.parse(answers.currentKey).scoped_teams).toBeNull()
    expect(pageOf(organization).parse(drf([answers.organization])).results[0]!.teams[0]!.id).toBe(answers.PROJECT_ID)
    expect(pageOf(project).parse(drf([answers.project])).results[0]!.name).toBe('Storefront')
  })

  it('read a list of exports whose destinations and models the console partly does not know, each shown as it can be', () => {
    const [s3, hogql, newer] = pageOf(batchExport).parse(drf(answers.batchExports)).results
    expect(s3!.destination).toMatchObject({ type: 'AwsS3', config: { bucket_name: 'acme-data-lake' } })
    expect(readableExport(s3!)).toHaveProperty('readable')
    expect(readableExport(hogql!)).toEqual({ reason: 'This console cannot edit exports of the hogql model' })
    expect(newer!.destination).toEqual({
      type: 'Unreadable',
      declared: 'Kinesis',
      config: { stream_name: 'acme-events', region: 'eu-west-1' },
    })
    expect(readableExport(newer!)).toEqual({ reason: 'This console cannot edit Kinesis destinations like this one' })
  })

  it('read an S3 destination whose settings the form would refuse as read-only, not as a failed list', () => {
    const legacy = { type: 'S3', config: { bucket_name: 'Legacy_Bucket', region: 'mars-north-1', prefix: '' } }
    const parsed = batchExport.parse({ ...answers.batchExports[0], destination: legacy })
    expect(parsed.destination).toMatchObject({ type: 'Unreadable', declared: 'S3' })
  })

  it('read export runs from a cursor page', () => {
    const page = pageOf(batchExportRun).parse({ next: null, previous: null, results: answers.awsS3Runs })
    expect(page).toMatchObject({ count: null, hasNext: false })
    expect(page.results[1]!.status).toBe('Failed')
  })

  it('read recordings from {results, has_next}, a person not processed yet included', () => {
    const body = { results: answers.recordings, has_next: true, version: 4 }
    const page = pageOf(sessionRecording).parse(body)
    expect(page).toMatchObject({ count: null, hasNext: true })
    expect(page.results[3]!.person).toMatchObject({ id: null, created_at: null })
  })
})
