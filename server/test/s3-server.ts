import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

// As in the S3 destination: the SDK's notice about future Node versions is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

/** The credentials s3rver accepts. */
export const S3RVER_KEY = { aws_access_key_id: 'S3RVER', aws_secret_access_key: 'S3RVER' }

/** A real S3-compatible server (s3rver) on a loopback port with these buckets, files in a temporary directory. */
export async function startS3Server(buckets: string[]) {
  const directory = mkdtempSync(join(tmpdir(), 'aa-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  })
  const address = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${address.port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  return {
    endpoint,
    /** Every key in a bucket, sorted. */
    async keys(bucket: string): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
      return (listed.Contents ?? []).map((o) => o.Key!).sort()
    },
    async read(bucket: string, key: string): Promise<Buffer> {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      return Buffer.from(await object.Body!.transformToByteArray())
    },
    async close() {
      client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
export type S3Server = Awaited<ReturnType<typeof startS3Server>>
