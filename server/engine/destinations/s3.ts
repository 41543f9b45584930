import { randomUUID } from 'node:crypto'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type ServerSideEncryption,
} from '@aws-sdk/client-s3'
import type { BatchExportModel } from '../../../src/contracts/batch-exports'
import { z } from 'zod'
import { COMPRESSIONS, FILE_FORMATS } from '../../../src/contracts/s3'
import { describeError, ExportError } from '../errors'
import { createEncoder, fileExtension, type FileEncoder } from '../formats/encoder'
import { failed, passed, type Destination, type DestinationWriter, type ExportContext } from './types'

/**
 * What a run reads of a stored S3 config. The contract's s3ConfigInput checked it field by field when it
 * was saved; this reads only the types the module relies on (other keys pass through).
 */
const s3Config = z.looseObject({
  bucket_name: z.string(),
  region: z.string(),
  prefix: z.string(),
  aws_access_key_id: z.string().nullish(),
  aws_secret_access_key: z.string().nullish(),
  compression: z.enum(COMPRESSIONS).nullish(),
  file_format: z.enum(FILE_FORMATS).optional(),
  encryption: z.string().nullish(),
  kms_key_id: z.string().nullish(),
  endpoint_url: z.string().nullish(),
  max_file_size_mb: z.number().nullish(),
  use_virtual_style_addressing: z.boolean().optional(),
})
export type S3Config = z.output<typeof s3Config>

// The installed SDK runs on Node 20 (this project's floor); its notice about future releases would land in every run's stderr.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

/** Multipart parts are at least 5 MiB (S3's minimum); smaller files go up in one PUT. */
const PART_SIZE = 8 * 1024 * 1024

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint_url || undefined,
    // Custom endpoints (MinIO, R2, s3rver) mostly want path-style; PostHog's toggle opts into virtual-hosted style.
    forcePathStyle: Boolean(config.endpoint_url) && !config.use_virtual_style_addressing,
    credentials:
      config.aws_access_key_id && config.aws_secret_access_key
        ? { accessKeyId: config.aws_access_key_id, secretAccessKey: config.aws_secret_access_key }
        : undefined,
    maxAttempts: 2,
    // S3-compatible servers do not all know the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { requestTimeout: 60_000, connectionTimeout: 10_000 },
  })
}

/** Python's isoformat of a UTC datetime, as PostHog's key names use it: `2024-01-01T00:00:00+00:00`. */
const isoformat = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$|Z$/, '+00:00')

const pad = (n: number) => String(n).padStart(2, '0')

/** The prefix with PostHog's template variables (`{year}/{month}/{day}`, `{table}`, …) filled in. */
export function keyPrefix(prefix: string, model: BatchExportModel, window: { start: number; end: number }): string {
  const end = new Date(window.end)
  const vars: Record<string, string> = {
    second: pad(end.getUTCSeconds()),
    minute: pad(end.getUTCMinutes()),
    hour: pad(end.getUTCHours()),
    day: pad(end.getUTCDate()),
    month: pad(end.getUTCMonth() + 1),
    year: String(end.getUTCFullYear()),
    data_interval_start: isoformat(window.start),
    data_interval_end: isoformat(window.end),
    table: model,
  }
  return prefix.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (match, name: string | undefined) => {
    if (match === '{{') return '{'
    if (match === '}}') return '}'
    if (name === undefined || !(name in vars))
      throw new ExportError(`An invalid S3 key was provided: unknown variable '{${name ?? ''}}' in the prefix.`, false)
    return vars[name]!
  })
}

/** posixpath.join(prefix, name) without a leading slash, as PostHog's get_s3_key builds keys. */
function joinKey(prefix: string, name: string) {
  const joined = prefix === '' || prefix.endsWith('/') ? `${prefix}${name}` : `${prefix}/${name}`
  return joined.replace(/^\/+/, '')
}

/** The object key of file `fileNumber` of a window (PostHog's layout: `{prefix}/{start}-{end}[-{n}].{ext}`). */
export function objectKey(
  config: S3Config,
  model: BatchExportModel,
  window: { start: number; end: number },
  fileNumber = 0,
) {
  const base = `${isoformat(window.start)}-${isoformat(window.end)}`
  const numbered = config.max_file_size_mb ? `${base}-${fileNumber}` : base
  const name = `${numbered}.${fileExtension(config.file_format ?? 'JSONLines', config.compression ?? null)}`
  return joinKey(keyPrefix(config.prefix, model, window), name)
}

export function manifestKey(config: S3Config, model: BatchExportModel, window: { start: number; end: number }) {
  return joinKey(
    keyPrefix(config.prefix, model, window),
    `${isoformat(window.start)}-${isoformat(window.end)}_manifest.json`,
  )
}

/** One object being written: buffered until a part is full, then a multipart upload; a small file is one PUT. */
class ObjectUpload {
  private buffer: Buffer[] = []
  private buffered = 0
  private uploadId: string | null = null
  private parts: { ETag: string; PartNumber: number }[] = []
  bytes = 0

  constructor(
    private client: S3Client,
    private config: S3Config,
    readonly key: string,
    private signal: AbortSignal,
  ) {}

  private encryption() {
    return {
      ServerSideEncryption: (this.config.encryption || undefined) as ServerSideEncryption | undefined,
      SSEKMSKeyId: this.config.kms_key_id || undefined,
    }
  }

  async add(chunks: Buffer[]) {
    for (const chunk of chunks) {
      this.buffer.push(chunk)
      this.buffered += chunk.length
      this.bytes += chunk.length
    }
    while (this.buffered >= PART_SIZE) await this.uploadPart(false)
  }

  private async uploadPart(final: boolean) {
    const all = Buffer.concat(this.buffer)
    const body = final ? all : all.subarray(0, PART_SIZE)
    const rest = final ? Buffer.alloc(0) : all.subarray(PART_SIZE)
    if (!this.uploadId) {
      const created = await this.client.send(
        new CreateMultipartUploadCommand({ Bucket: this.config.bucket_name, Key: this.key, ...this.encryption() }),
        { abortSignal: this.signal },
      )
      this.uploadId = created.UploadId ?? null
    }
    const PartNumber = this.parts.length + 1
    const part = await this.client.send(
      new UploadPartCommand({
        Bucket: this.config.bucket_name,
        Key: this.key,
        UploadId: this.uploadId!,
        PartNumber,
        Body: body,
      }),
      { abortSignal: this.signal },
    )
    this.parts.push({ ETag: part.ETag ?? '', PartNumber })
    this.buffer = rest.length ? [rest] : []
    this.buffered = rest.length
  }

  async complete() {
    if (!this.uploadId) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket_name,
          Key: this.key,
          Body: Buffer.concat(this.buffer),
          ...this.encryption(),
        }),
        { abortSignal: this.signal },
      )
      return
    }
    if (this.buffered > 0) await this.uploadPart(true)
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.config.bucket_name,
        Key: this.key,
        UploadId: this.uploadId,
        MultipartUpload: { Parts: this.parts },
      }),
      { abortSignal: this.signal },
    )
  }

  /** An unfinished multipart upload is never visible as an object; dropping it leaves nothing behind. */
  async abort() {
    if (!this.uploadId) return
    await this.client
      .send(
        new AbortMultipartUploadCommand({ Bucket: this.config.bucket_name, Key: this.key, UploadId: this.uploadId }),
      )
      .catch(() => undefined)
  }
}

async function openS3(config: S3Config, ctx: ExportContext): Promise<DestinationWriter> {
  const client = s3Client(config)
  const format = config.file_format ?? 'JSONLines'
  const compression = config.compression ?? null
  const maxBytes = config.max_file_size_mb ? config.max_file_size_mb * 1024 * 1024 : Infinity
  // Validates the prefix template before any row is read.
  objectKey(config, ctx.model, ctx.window)
  let fileNumber = 0
  let encoder: FileEncoder | null = null
  let upload: ObjectUpload | null = null
  let records = 0
  let bytes = 0
  const uploaded: string[] = []

  const finishFile = async () => {
    if (!encoder || !upload) return
    await upload.add(await encoder.finish())
    await upload.complete()
    bytes += upload.bytes
    uploaded.push(upload.key)
    ctx.log('INFO', `Uploaded s3://${config.bucket_name}/${upload.key} (${upload.bytes} bytes)`)
    encoder = null
    upload = null
    fileNumber++
  }

  return {
    async write(batch) {
      if (batch.length === 0) return
      if (!encoder) {
        encoder = createEncoder(ctx.model, format, compression)
        upload = new ObjectUpload(client, config, objectKey(config, ctx.model, ctx.window, fileNumber), ctx.signal)
      }
      await upload!.add(await encoder.push(batch))
      records += batch.length
      if (upload!.bytes >= maxBytes) await finishFile()
    },
    async close() {
      await finishFile()
      if (config.max_file_size_mb && uploaded.length > 0) {
        const key = manifestKey(config, ctx.model, ctx.window)
        await client.send(
          new PutObjectCommand({
            Bucket: config.bucket_name,
            Key: key,
            Body: JSON.stringify({ files: uploaded }),
            ContentType: 'application/json',
          }),
          { abortSignal: ctx.signal },
        )
      }
      client.destroy()
      const target =
        uploaded.length === 0
          ? `s3://${config.bucket_name} (no rows in this window, no file written)`
          : uploaded.length === 1
            ? `s3://${config.bucket_name}/${uploaded[0]}`
            : `${uploaded.length} files under s3://${config.bucket_name}/${keyPrefix(config.prefix, ctx.model, ctx.window)}`
      return { records, bytes, target }
    },
    async abort() {
      await upload?.abort()
      client.destroy()
    },
  }
}

/** PostHog's wording for a HeadBucket failure (its `S3EnsureBucketTestStep`). */
function bucketProblem(config: S3Config, error: unknown): string {
  // The SDK's errors carry the HTTP status in $metadata; a socket error has none (the status reads undefined).
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  if (status === 404) return `Bucket '${config.bucket_name}' does not exist or we don't have permissions to use it`
  if (status === 403 || status === 401)
    return `We couldn't access bucket '${config.bucket_name}'. Check the provided credentials, endpoint, and whether the necessary permissions to access the bucket have been granted`
  return `An unknown error occurred when trying to access bucket '${config.bucket_name}': ${describeError(error)}`
}

export const s3Destination: Destination<S3Config> = {
  config: s3Config,
  open: openS3,
  testSteps: [
    {
      name: 'Check S3 bucket exists',
      description: 'Ensure the configured S3 bucket exists and that we have the required permissions to access it.',
      async run(config, signal) {
        const client = s3Client(config)
        try {
          await client.send(new HeadBucketCommand({ Bucket: config.bucket_name }), { abortSignal: signal })
          return passed()
        } catch (error) {
          return failed(bucketProblem(config, error))
        } finally {
          client.destroy()
        }
      },
    },
    {
      name: 'Write and delete a test object',
      description:
        'Upload a small object under the key prefix, then delete it: the credentials may write where exports go.',
      async run(config, signal) {
        const client = s3Client(config)
        const prefix = keyPrefix(config.prefix, 'events', { start: Date.now() - 3_600_000, end: Date.now() })
        const key = joinKey(prefix, `posthog-batch-export-test-${randomUUID()}.txt`)
        try {
          await client.send(
            new PutObjectCommand({ Bucket: config.bucket_name, Key: key, Body: 'Connection test of a batch export.' }),
            { abortSignal: signal },
          )
        } catch (error) {
          client.destroy()
          return failed(`Could not write s3://${config.bucket_name}/${key}: ${describeError(error)}`)
        }
        try {
          await client.send(new DeleteObjectCommand({ Bucket: config.bucket_name, Key: key }), { abortSignal: signal })
          return passed()
        } catch (error) {
          return failed(
            `Wrote s3://${config.bucket_name}/${key} but could not delete it (delete it by hand): ${describeError(error)}`,
          )
        } finally {
          client.destroy()
        }
      },
    },
  ],
}
