import { describe, expect, it } from 'vitest'
import {
  emptyExport,
  emptyHttpConfig,
  emptyPostgresConfig,
  emptyS3Config,
  exportFormSchema,
  fieldForPath,
  toFormValues,
  type ExportFormValues,
  type PostgresFormConfig,
  type S3FormConfig,
} from './export-form-values'
import { exportFixture } from '../../testing/fixtures'

const create = { kind: 'create' } as const
const editS3 = { kind: 'edit', storedType: 'S3' } as const

function s3Form(config: Partial<S3FormConfig> = {}, rest: Partial<ExportFormValues> = {}): ExportFormValues {
  const base = emptyExport('Europe/Berlin')
  return {
    ...base,
    name: 'Nightly',
    ...rest,
    destination: {
      ...base.destination,
      ...rest.destination,
      config: {
        ...emptyS3Config,
        bucket_name: 'acme-exports',
        region: 'eu-central-1',
        prefix: 'events/',
        aws_access_key_id: 'AKIAEXAMPLE',
        aws_secret_access_key: 'secret',
        ...config,
      },
    },
  }
}

/** Field → first message, as the form shows them. */
function errorsOf(values: ExportFormValues, mode: Parameters<typeof exportFormSchema>[0] = create) {
  const result = exportFormSchema(mode).safeParse(values)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = fieldForPath(issue.path, values.destination.type) ?? 'root'
    errors[field] ??= issue.message
  }
  return errors
}

function bodyOf(values: ExportFormValues, mode: Parameters<typeof exportFormSchema>[0] = create) {
  const result = exportFormSchema(mode).safeParse(values)
  if (!result.success) throw new Error(JSON.stringify(result.error.issues))
  return result.data
}

describe('the export form against the contract', () => {
  it('turns a complete S3 form into the create body', () => {
    const body = bodyOf(s3Form({ include_events: '$pageview, signed_up\n', max_file_size_mb: '512' }))
    expect(body).toMatchObject({
      name: 'Nightly',
      model: 'events',
      interval: 'hour',
      paused: false,
      start_at: null,
      end_at: null,
      hogql_query: null,
      filters: null,
      destination: {
        type: 'S3',
        config: {
          bucket_name: 'acme-exports',
          region: 'eu-central-1',
          prefix: 'events/',
          aws_access_key_id: 'AKIAEXAMPLE',
          aws_secret_access_key: 'secret',
          file_format: 'JSONLines',
          compression: 'gzip',
          encryption: null,
          kms_key_id: null,
          endpoint_url: null,
          max_file_size_mb: 512,
          include_events: ['$pageview', 'signed_up'],
          exclude_events: null,
        },
      },
    })
    expect(body).not.toHaveProperty('team_id')
  })

  it('reports every missing field of an empty form at once', () => {
    const values = emptyExport('UTC')
    expect(errorsOf(values)).toEqual({
      name: 'Name is required.',
      'destination.config.bucket_name': 'Bucket names are 3 to 63 characters long.',
      'destination.config.aws_access_key_id': 'Required for a new S3 destination.',
      'destination.config.aws_secret_access_key': 'Required for a new S3 destination.',
    })
  })

  it.each([
    ['ab', 'Bucket names are 3 to 63 characters long.'],
    ['My_Bucket', 'Use only lowercase letters, digits, dots and hyphens.'],
    ['-bucket', 'Begin and end with a letter or digit.'],
    ['my..bucket', 'No two adjacent dots.'],
    ['192.168.10.1', 'Must not look like an IP address.'],
    ['xn--bucket', 'Must not start with "xn--" or "sthree-".'],
    ['data-s3alias', 'Must not end with "-s3alias" or "--ol-s3".'],
  ])('refuses the bucket name %s', (bucket, message) => {
    expect(errorsOf(s3Form({ bucket_name: bucket }))).toEqual({ 'destination.config.bucket_name': message })
  })

  it('accepts a bucket name with surrounding spaces, trimmed', () => {
    expect(bodyOf(s3Form({ bucket_name: '  acme.exports-2  ' })).destination?.config).toMatchObject({
      bucket_name: 'acme.exports-2',
    })
  })

  it('requires a region from the list', () => {
    expect(errorsOf(s3Form({ region: 'mars-north-1' }))).toEqual({
      'destination.config.region': 'Choose an AWS region.',
    })
  })

  describe('file format and compression', () => {
    it.each([
      ['JSONLines', 'gzip'],
      ['JSONLines', 'brotli'],
      ['JSONLines', ''],
      ['Parquet', 'zstd'],
      ['Parquet', 'lz4'],
      ['Parquet', 'snappy'],
      ['Parquet', 'gzip'],
      ['Parquet', ''],
    ] as const)('allows %s with %s', (file_format, compression) => {
      expect(errorsOf(s3Form({ file_format, compression }))).toEqual({})
    })

    it.each(['zstd', 'lz4', 'snappy'] as const)(
      'refuses JSONLines with %s, on the compression field',
      (compression) => {
        expect(errorsOf(s3Form({ file_format: 'JSONLines', compression }))).toEqual({
          'destination.config.compression': 'JSONLines allows gzip, brotli or no compression.',
        })
      },
    )

    it('sends no compression as null', () => {
      expect(bodyOf(s3Form({ compression: '' })).destination?.config).toMatchObject({ compression: null })
    })
  })

  it('needs a KMS key with aws:kms, and drops a stale one without it', () => {
    expect(errorsOf(s3Form({ encryption: 'aws:kms' }))).toEqual({
      'destination.config.kms_key_id': 'A KMS key id is required with aws:kms.',
    })
    expect(
      bodyOf(s3Form({ encryption: 'aws:kms', kms_key_id: 'arn:aws:kms:key/1' })).destination?.config,
    ).toMatchObject({ encryption: 'aws:kms', kms_key_id: 'arn:aws:kms:key/1' })
    expect(bodyOf(s3Form({ encryption: 'AES256', kms_key_id: 'left over' })).destination?.config).toMatchObject({
      encryption: 'AES256',
      kms_key_id: null,
    })
  })

  it('checks the endpoint URL and the file size', () => {
    expect(errorsOf(s3Form({ endpoint_url: 'ftp://minio.local', max_file_size_mb: '1.5' }))).toEqual({
      'destination.config.endpoint_url': 'Must be an http(s) URL.',
      'destination.config.max_file_size_mb': 'A whole number of megabytes.',
    })
  })

  describe('write-only secrets', () => {
    it('leaves empty secrets out when editing a stored S3 destination, so the server keeps them', () => {
      const body = bodyOf(s3Form({ aws_access_key_id: '', aws_secret_access_key: '' }), editS3)
      expect(body.destination?.config).not.toHaveProperty('aws_access_key_id')
      expect(body.destination?.config).not.toHaveProperty('aws_secret_access_key')
    })

    it('sends a newly typed secret when editing', () => {
      const body = bodyOf(s3Form({ aws_access_key_id: '', aws_secret_access_key: 'rotated' }), editS3)
      expect(body.destination?.config).toMatchObject({ aws_secret_access_key: 'rotated' })
      expect(body.destination?.config).not.toHaveProperty('aws_access_key_id')
    })

    it('requires both when an export switches to S3 from another destination', () => {
      const errors = errorsOf(s3Form({ aws_access_key_id: '', aws_secret_access_key: '' }), {
        kind: 'edit',
        storedType: 'BigQuery',
      })
      expect(Object.keys(errors)).toEqual([
        'destination.config.aws_access_key_id',
        'destination.config.aws_secret_access_key',
      ])
    })
  })

  describe('Postgres and HTTP destinations', () => {
    const postgres = (config: Partial<PostgresFormConfig>) =>
      s3Form(
        {},
        {
          destination: {
            ...emptyExport('UTC').destination,
            type: 'Postgres',
            postgres: { ...emptyPostgresConfig, ...config },
          },
        },
      )

    it('turns the Postgres form into its typed config', () => {
      const body = bodyOf(
        postgres({ host: ' db.local ', database: 'analytics', user: 'u', password: 'pw', include_events: 'a, b' }),
      )
      expect(body.destination).toEqual({
        type: 'Postgres',
        config: {
          host: 'db.local',
          port: 5432,
          database: 'analytics',
          schema: 'public',
          table_name: 'events',
          user: 'u',
          password: 'pw',
          has_self_signed_cert: false,
          include_events: ['a', 'b'],
          exclude_events: null,
        },
      })
    })

    it('requires the user and password of a new Postgres destination and keeps stored ones when editing', () => {
      expect(errorsOf(postgres({ host: 'h', database: 'd', port: 'x' }))).toEqual({
        'destination.postgres.port': 'A port number from 1 to 65535.',
        'destination.postgres.user': 'Required for a new Postgres destination.',
        'destination.postgres.password': 'Required for a new Postgres destination.',
      })
      const edited = bodyOf(postgres({ host: 'h', database: 'd' }), { kind: 'edit', storedType: 'Postgres' })
      expect(edited.destination?.config).not.toHaveProperty('password')
    })

    it('turns the HTTP form into url and token', () => {
      const body = bodyOf(
        s3Form(
          {},
          {
            destination: {
              ...emptyExport('UTC').destination,
              type: 'HTTP',
              http: { ...emptyHttpConfig, url: 'https://e.example/batch/', token: 't' },
            },
          },
        ),
      )
      expect(body.destination).toEqual({
        type: 'HTTP',
        config: { url: 'https://e.example/batch/', token: 't', include_events: null, exclude_events: null },
      })
    })
  })

  describe('other destinations as JSON', () => {
    const json = (text: string) =>
      s3Form(
        {},
        { destination: { ...emptyExport('UTC').destination, type: 'BigQuery', config: emptyS3Config, json: text } },
      )

    it('sends the parsed object as the config', () => {
      expect(bodyOf(json('{"dataset_id": "db", "table_id": "events"}')).destination).toEqual({
        type: 'BigQuery',
        config: { dataset_id: 'db', table_id: 'events' },
      })
    })

    it('puts invalid JSON and non-objects on the JSON box', () => {
      expect(errorsOf(json('{"host": '))).toEqual({ 'destination.json': expect.stringContaining('must be valid JSON') })
      expect(errorsOf(json('[1, 2]'))).toEqual({ 'destination.json': 'The configuration must be a JSON object.' })
    })
  })

  it('validates filters as JSON', () => {
    expect(errorsOf(s3Form({}, { filters: '{not json' }))).toEqual({
      filters: expect.stringContaining('Filters must be valid JSON'),
    })
    expect(bodyOf(s3Form({}, { filters: '[{"key": "$browser"}]' })).filters).toEqual([{ key: '$browser' }])
  })

  describe('schedule fields', () => {
    it('sends the zone, and the offsets PostHog allows for the interval', () => {
      const weekly = bodyOf(
        s3Form({}, { interval: 'week', time_zone: 'Europe/Berlin', offset_day: '1', offset_hour: '6' }),
      )
      expect(weekly).toMatchObject({ timezone: 'Europe/Berlin', offset_day: 1, offset_hour: 6 })
      const daily = bodyOf(s3Form({}, { interval: 'day', offset_day: '1', offset_hour: '2' }))
      expect(daily).toMatchObject({ offset_day: null, offset_hour: 2 })
      const hourly = bodyOf(s3Form({}, { interval: 'hour', offset_hour: '2' }))
      expect(hourly).toMatchObject({ offset_day: null, offset_hour: null })
    })

    it('loads the export’s own zone and offsets', () => {
      const values = toFormValues(
        exportFixture({ interval: 'week', timezone: 'America/New_York', offset_day: 3, offset_hour: 7 }),
        'UTC',
      )
      expect(values).toMatchObject({ time_zone: 'America/New_York', offset_day: '3', offset_hour: '7' })
    })
  })

  describe('schedule bounds', () => {
    it('sends wall times in the chosen zone as timezone-aware ISO', () => {
      const body = bodyOf(
        s3Form({}, { time_zone: 'Europe/Berlin', start_at: '2026-07-01T00:00', end_at: '2026-12-01T00:00' }),
      )
      expect(body.start_at).toBe('2026-07-01T00:00:00+02:00')
      expect(body.end_at).toBe('2026-12-01T00:00:00+01:00')
    })

    it('puts an end that is not after the start on the end field', () => {
      expect(
        errorsOf(s3Form({}, { time_zone: 'UTC', start_at: '2026-07-01T00:00', end_at: '2026-07-01T00:00' })),
      ).toEqual({ end_at: 'The end must be after the start.' })
    })
  })

  it('maps error paths onto form fields', () => {
    expect(fieldForPath(['destination', 'config', 'include_events', 0], 'S3')).toBe('destination.config.include_events')
    expect(fieldForPath(['destination', 'config', 'password'], 'Postgres')).toBe('destination.postgres.password')
    expect(fieldForPath(['destination', 'config', 'token'], 'HTTP')).toBe('destination.http.token')
    expect(fieldForPath(['destination', 'config', 'private_key'], 'BigQuery')).toBe('destination.json')
    expect(fieldForPath(['timezone'], 'S3')).toBe('time_zone')
    expect(fieldForPath(['offset_hour'], 'S3')).toBe('offset_hour')
    expect(fieldForPath(['destination', 'config', 'aws_secret_access_key'], 'S3')).toBe(
      'destination.config.aws_secret_access_key',
    )
    expect(fieldForPath(['destination'], 'S3')).toBe('destination.type')
    expect(fieldForPath(['end_at'], 'S3')).toBe('end_at')
    expect(fieldForPath(['schema'], 'S3')).toBeNull()
  })
})

describe('loading an export into the form', () => {
  const exp = exportFixture({
    team_id: 2,
    name: 'Nightly',
    model: 'persons',
    destination: {
      type: 'S3',
      config: {
        bucket_name: 'acme',
        region: 'eu-west-1',
        prefix: 'p/',
        compression: 'zstd',
        file_format: 'Parquet',
        encryption: null,
        kms_key_id: null,
        endpoint_url: null,
        max_file_size_mb: 100,
        use_virtual_style_addressing: false,
        include_events: ['a', 'b'],
        exclude_events: null,
        // A proxy that leaked a secret must still not get it into an input.
        aws_secret_access_key: 'leaked',
      },
    },
    paused: true,
    last_paused_at: '2026-01-02T00:00:00Z',
    start_at: '2026-03-29T01:00:00Z',
    hogql_query: null,
    filters: { properties: [] },
  })

  it('holds every value as the inputs show it, secrets empty', () => {
    const values = toFormValues(exp, 'Europe/Berlin')
    expect(values).toMatchObject({
      name: 'Nightly',
      team_id: '2',
      model: 'persons',
      interval: 'day',
      paused: true,
      start_at: '2026-03-29T03:00',
      end_at: '',
      filters: '{\n  "properties": []\n}',
    })
    expect(values.destination.config).toMatchObject({
      compression: 'zstd',
      file_format: 'Parquet',
      max_file_size_mb: '100',
      include_events: 'a, b',
      aws_access_key_id: '',
      aws_secret_access_key: '',
    })
  })

  it('round-trips to an equivalent update body', () => {
    const body = bodyOf(toFormValues(exp, 'Europe/Berlin'), editS3)
    expect(body.start_at).toBe('2026-03-29T03:00:00+02:00')
    expect(Date.parse(body.start_at!)).toBe(Date.parse(exp.start_at!))
    expect(body.destination?.config).toMatchObject({ include_events: ['a', 'b'], max_file_size_mb: 100 })
  })
})
