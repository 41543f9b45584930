import { once } from 'node:events'
import type { Transform } from 'node:stream'
import { constants, createBrotliCompress, createGzip, brotliCompressSync, gzipSync } from 'node:zlib'
import { ByteWriter, ParquetWriter, schemaFromColumnData } from 'hyparquet-writer'
import type { BatchExportModel } from '../../../src/contracts/batch-exports'
import type { Compression, FileFormat } from '../../../src/contracts/s3'
import type { ExportRecord } from '../../db/export-records'
import { FILE_FIELDS, jsonLine, type Field } from '../records'

/** Turns pages of records into the bytes of one file, a piece at a time. */
export interface FileEncoder {
  push(records: ExportRecord[]): Promise<Buffer[]>
  finish(): Promise<Buffer[]>
}

/** Compressions this server can write per format (Node 20 has no zstd, and no LZ4 is bundled). */
export const WRITABLE_COMPRESSIONS: Record<FileFormat, readonly Compression[]> = {
  JSONLines: ['gzip', 'brotli'],
  Parquet: ['snappy', 'gzip', 'brotli'],
}

/** Collects a zlib stream's output as it comes; compression runs on libuv's threads, off the event loop. */
function zlibPipe(stream: Transform) {
  let out: Buffer[] = []
  stream.on('data', (chunk: Buffer) => out.push(chunk))
  const take = () => {
    const taken = out
    out = []
    return taken
  }
  return {
    async write(data: Buffer) {
      if (!stream.write(data)) await once(stream, 'drain')
      return take()
    },
    async end() {
      const ended = once(stream, 'end')
      stream.end()
      await ended
      return take()
    },
  }
}

function jsonLinesEncoder(model: BatchExportModel, compression: Compression | null): FileEncoder {
  const encode = (records: ExportRecord[]) =>
    Buffer.from(records.map((r) => `${jsonLine(model, r)}\n`).join(''), 'utf8')
  if (!compression) return { push: async (r) => [encode(r)], finish: async () => [] }
  const stream =
    compression === 'gzip'
      ? createGzip({ level: 6 })
      : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
  const pipe = zlibPipe(stream)
  return { push: (r) => pipe.write(encode(r)), finish: () => pipe.end() }
}

const PARQUET_CODECS = { snappy: 'SNAPPY', gzip: 'GZIP', brotli: 'BROTLI' } as const

function parquetColumn(f: Field, records: ExportRecord[]) {
  const data = records.map((r) => {
    const v = f.read(r as never)
    if (v === null || v === undefined) return null
    if (f.type === 'TIMESTAMP') return new Date(v as string)
    if (f.type === 'JSON') return typeof v === 'string' ? v : JSON.stringify(v)
    if (f.type === 'INT64') return BigInt(v as number)
    return v
  })
  // JSON travels as text with the JSON converted type, as PostHog's Parquet files carry properties.
  return { name: f.name, data, type: f.type === 'JSON' ? ('JSON' as const) : f.type, nullable: true }
}

/** One row group per page; the bytes of each group leave the writer as soon as it is written. */
function parquetEncoder(model: BatchExportModel, compression: Compression | null): FileEncoder {
  const fields = FILE_FIELDS[model]
  const writer = new ByteWriter()
  const schema = schemaFromColumnData({ columnData: fields.map((f) => parquetColumn(f, [])) })
  const codec = compression ? PARQUET_CODECS[compression as keyof typeof PARQUET_CODECS] : 'UNCOMPRESSED'
  if (!codec) throw new Error(`This server cannot write ${compression}-compressed Parquet files.`)
  const parquet = new ParquetWriter({
    writer,
    schema,
    codec,
    compressors: {
      GZIP: (input: Uint8Array) => new Uint8Array(gzipSync(input)),
      BROTLI: (input: Uint8Array) => new Uint8Array(brotliCompressSync(input)),
    },
    createdBy: 'analytics-admin batch export',
  })
  const drain = () => {
    const bytes = Buffer.from(writer.getBytes())
    writer.index = 0
    return bytes.length ? [bytes] : []
  }
  return {
    async push(records) {
      if (records.length === 0) return []
      await parquet.write({ columnData: fields.map((f) => parquetColumn(f, records)), rowGroupSize: records.length })
      return drain()
    },
    async finish() {
      parquet.finish()
      return drain()
    },
  }
}

export function createEncoder(
  model: BatchExportModel,
  format: FileFormat,
  compression: Compression | null,
): FileEncoder {
  return format === 'Parquet' ? parquetEncoder(model, compression) : jsonLinesEncoder(model, compression)
}

/** File name extensions: PostHog's `FILE_FORMAT_EXTENSIONS` and `COMPRESSION_EXTENSIONS`. */
export function fileExtension(format: FileFormat, compression: Compression | null): string {
  if (format === 'Parquet') return 'parquet' // the codec is recorded inside the file, as PostHog names new exports
  const suffix = { gzip: 'gz', brotli: 'br', zstd: 'zst', lz4: 'lz4', snappy: 'sz' } as const
  return compression ? `jsonl.${suffix[compression]}` : 'jsonl'
}
