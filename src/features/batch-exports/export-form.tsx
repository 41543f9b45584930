import { FormProvider, useForm, type FieldPath } from 'react-hook-form'
import type { BatchExport, BatchExportCreate, BatchExportPatch, DestinationType } from '../../contracts/batch-exports'
import type { Team } from '../../contracts/organizations'
import { describeError, isApiError } from '../../lib/api-error'
import type { Permission } from '../../lib/permissions'
import { Callout } from '../../components/callout'
import { SaveBar } from '../../components/save-bar'
import { attrToPath } from '../../components/server-errors'
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard'
import { AdvancedFields } from './advanced-fields'
import { DestinationFields } from './destination-fields'
import { exportResolver, fieldForPath, type ExportFormValues } from './export-form-values'
import { GeneralFields } from './general-fields'
import { ScheduleFields } from './schedule-fields'

type Common = {
  orgId: string
  defaultValues: ExportFormValues
  teams: Team[] | null
  zones: string[]
  permission: Permission
}

type Props = Common &
  (
    | { mode: 'create'; onSubmit: (body: BatchExportCreate) => Promise<BatchExport> }
    | {
        mode: 'edit'
        exportId: string
        storedType: DestinationType
        onSubmit: (body: BatchExportPatch) => Promise<BatchExport>
      }
  )

/** Top-level fields of the body; the edit page sends only those the user touched. */
const BODY_FIELDS = ['name', 'model', 'team_id', 'start_at', 'end_at', 'hogql_query', 'filters', 'destination'] as const
/** The schedule goes as a whole once any part of it changed: the offsets mean nothing without the interval. */
const SCHEDULE_FIELDS = ['interval', 'time_zone', 'offset_day', 'offset_hour'] as const
const SCHEDULE_BODY = ['interval', 'timezone', 'offset_day', 'offset_hour'] as const

/**
 * One form for creating and editing an export. The resolver maps the inputs onto the contract's
 * schema; a server validation_error lands on its field; a failed save keeps every typed value.
 */
export function ExportForm(props: Props) {
  const { orgId, defaultValues, teams, zones, permission, mode } = props
  const storedType = props.mode === 'edit' ? props.storedType : null
  const form = useForm<ExportFormValues, unknown, BatchExportCreate | BatchExportPatch>({
    resolver: exportResolver(storedType ? { kind: 'edit', storedType } : { kind: 'create' }),
    defaultValues,
    mode: 'onTouched',
  })
  const { isDirty, isSubmitting, errors } = form.formState
  const disabled = !permission.allowed

  const save = form.handleSubmit(async (body) => {
    try {
      if (props.mode === 'create') {
        await props.onSubmit(body as BatchExportCreate)
        return
      }
      const dirty = form.formState.dirtyFields as Record<string, unknown>
      const fields: string[] = BODY_FIELDS.filter((f) => dirty[f] !== undefined && f in body)
      if (SCHEDULE_FIELDS.some((f) => dirty[f] !== undefined)) fields.push(...SCHEDULE_BODY)
      const patch = Object.fromEntries(
        fields.filter((f) => f in body).map((f) => [f, (body as Record<string, unknown>)[f]]),
      ) as BatchExportPatch
      await props.onSubmit(patch)
    } catch (error) {
      const field =
        isApiError(error) && error.type === 'validation_error' && error.attr
          ? fieldForPath(attrToPath(error.attr).split('.'), form.getValues('destination.type'))
          : null
      if (field) {
        const message = describeError(error)
        form.setError(field as FieldPath<ExportFormValues>, { type: 'server', message }, { shouldFocus: true })
      } else {
        form.setError('root.server', { type: 'server', message: describeError(error) })
      }
    }
  })

  const formError = errors.root?.server?.message ?? errors.root?.schema?.message
  return (
    <FormProvider {...form}>
      <form
        className="form card export-form"
        noValidate
        onSubmit={save}
        aria-label={mode === 'create' ? 'New batch export' : 'Edit batch export'}
      >
        {disabled && (
          <Callout tone="info" title="Read only">
            This key cannot change batch exports. {permission.reason}.
          </Callout>
        )}
        {formError && (
          <Callout
            tone="danger"
            role="alert"
            title={mode === 'create' ? 'Could not create the export' : 'Could not save the export'}
          >
            {formError} Your changes are still here; try again.
          </Callout>
        )}
        <GeneralFields disabled={disabled} teams={teams} />
        <DestinationFields
          disabled={disabled}
          orgId={orgId}
          exportId={props.mode === 'edit' ? props.exportId : null}
          storedType={storedType}
        />
        <ScheduleFields disabled={disabled} zones={zones} showPaused={mode === 'create'} />
        <AdvancedFields disabled={disabled} />
        <SaveBar
          dirty={isDirty}
          submitting={isSubmitting}
          onDiscard={() => form.reset()}
          savedText={mode === 'create' ? '' : undefined}
          submitLabel={mode === 'create' ? 'Create export' : 'Save'}
          requireChanges={mode === 'edit'}
          disabledReason={permission.reason}
        />
      </form>
      <UnsavedChangesGuard when={isDirty} />
    </FormProvider>
  )
}
