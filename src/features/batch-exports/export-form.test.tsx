// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ApiError } from '../../lib/api-error'
import { renderWithProviders } from '../../testing/render'
import { ExportForm } from './export-form'
import { emptyExport, toFormValues } from './export-form-values'
import { exportFixture } from '../../testing/fixtures'

const allowed = { allowed: true, reason: null } as const

const stored = exportFixture({
  name: 'Nightly S3',
  destination: {
    type: 'S3',
    config: {
      bucket_name: 'acme-exports',
      region: 'eu-central-1',
      prefix: 'events/',
      compression: 'gzip',
      file_format: 'JSONLines',
      encryption: null,
      kms_key_id: null,
      endpoint_url: null,
      max_file_size_mb: null,
      use_virtual_style_addressing: false,
      include_events: null,
      exclude_events: null,
    },
  },
  hogql_query: null,
  filters: null,
})

function renderCreate(onSubmit = vi.fn()) {
  renderWithProviders(
    <ExportForm
      mode="create"
      orgId="7c1f4a5e-7b9e-4c1a-9a57-2f1e1f3b6d10"
      defaultValues={emptyExport('UTC')}
      teams={null}
      zones={['UTC', 'Europe/Berlin']}
      permission={allowed}
      onSubmit={onSubmit}
    />,
  )
  return onSubmit
}

function renderEdit(onSubmit = vi.fn().mockResolvedValue(stored)) {
  renderWithProviders(
    <ExportForm
      mode="edit"
      orgId="7c1f4a5e-7b9e-4c1a-9a57-2f1e1f3b6d10"
      exportId={stored.id}
      storedType="S3"
      defaultValues={toFormValues(stored, 'UTC')}
      teams={null}
      zones={['UTC']}
      permission={allowed}
      onSubmit={onSubmit}
    />,
  )
  return onSubmit
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

describe('ExportForm', () => {
  it('offers only the compressions the file format allows, and drops one that no longer fits', async () => {
    renderCreate()
    const format = screen.getByRole('combobox', { name: 'File format' })
    const compression = screen.getByRole('combobox', { name: 'Compression' })
    expect(optionsOf(compression)).toEqual(['None', 'gzip', 'brotli'])

    await userEvent.selectOptions(format, 'Parquet')
    expect(optionsOf(compression)).toEqual(['None', 'zstd', 'lz4', 'snappy', 'gzip', 'brotli'])
    await userEvent.selectOptions(compression, 'zstd')

    await userEvent.selectOptions(format, 'JSONLines')
    expect(compression).toHaveValue('')
    expect(screen.getByText('JSONLines allows gzip, brotli or none.')).toBeInTheDocument()
  })

  it('asks for a KMS key only with aws:kms', async () => {
    renderCreate()
    expect(screen.queryByRole('textbox', { name: /KMS key ID/ })).not.toBeInTheDocument()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Encryption' }), 'aws:kms')
    expect(screen.getByRole('textbox', { name: /KMS key ID/ })).toBeInTheDocument()
  })

  it('shows the contract errors on their fields and sends nothing', async () => {
    const onSubmit = renderCreate()
    await userEvent.type(screen.getByRole('textbox', { name: /^Bucket/ }), 'Bad_Bucket')
    await userEvent.click(screen.getByRole('button', { name: 'Create export' }))
    expect(await screen.findByText('Name is required.')).toBeInTheDocument()
    expect(screen.getByText('Use only lowercase letters, digits, dots and hyphens.')).toBeInTheDocument()
    expect(screen.getAllByText('Required for a new S3 destination.')).toHaveLength(2)
    expect(screen.getByRole('textbox', { name: /^Bucket/ })).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('states the zone of the date-time inputs and previews the next windows', async () => {
    renderCreate()
    expect(screen.getByLabelText(/^Start \(UTC/)).toHaveAttribute('type', 'datetime-local')
    expect(screen.getByLabelText(/^End \(UTC/)).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Next data windows' })).getAllByRole('listitem')).toHaveLength(5)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Europe/Berlin')
    expect(screen.getByLabelText(/^Start \(Europe\/Berlin/)).toBeInTheDocument()
  })

  it('puts a server validation_error on its field and keeps what was typed', async () => {
    const onSubmit = renderCreate(
      vi.fn().mockRejectedValue(
        new ApiError({
          status: 400,
          type: 'validation_error',
          code: 'invalid',
          detail: 'The bucket is not reachable.',
          attr: 'destination__config__bucket_name',
        }),
      ),
    )
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Nightly')
    await userEvent.type(screen.getByRole('textbox', { name: /^Bucket/ }), 'acme-exports')
    await userEvent.type(screen.getByRole('textbox', { name: /^Access key ID/ }), 'AKIAEXAMPLE')
    await userEvent.type(screen.getByLabelText(/^Secret access key/), 'hunter2')
    await userEvent.click(screen.getByRole('button', { name: 'Create export' }))
    expect(await screen.findByText('The bucket is not reachable.')).toBeInTheDocument()
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('textbox', { name: /^Bucket/ })).toHaveValue('acme-exports')
    expect(screen.getByLabelText(/^Secret access key/)).toHaveValue('hunter2')
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
  })

  it('edits with secrets empty and masked, and sends only what changed', async () => {
    const onSubmit = renderEdit()
    const secret = screen.getByLabelText(/^Secret access key/)
    expect(secret).toHaveAttribute('type', 'password')
    expect(secret).toHaveValue('')
    expect(screen.getByText('Leave empty to keep the current secret.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()

    await userEvent.clear(screen.getByRole('textbox', { name: /^Name/ }))
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Nightly S3 v2')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Nightly S3 v2' })
  })

  it('sends the whole destination without the untouched secrets when one of its fields changed', async () => {
    const onSubmit = renderEdit()
    await userEvent.clear(screen.getByRole('textbox', { name: /^Key prefix/ }))
    await userEvent.type(screen.getByRole('textbox', { name: /^Key prefix/ }), 'events/v2/')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    const patch = onSubmit.mock.calls[0]![0] as { destination: { config: Record<string, unknown> } }
    expect(Object.keys(patch)).toEqual(['destination'])
    expect(patch.destination.config).toMatchObject({ bucket_name: 'acme-exports', prefix: 'events/v2/' })
    expect(patch.destination.config).not.toHaveProperty('aws_secret_access_key')
  })
})
