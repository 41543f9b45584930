import { zodResolver } from '@hookform/resolvers/zod'
import * as z from 'zod/mini'
import { FormProvider, useForm } from 'react-hook-form'
import { organizationPatch, type Organization } from '../../contracts/organizations'
import { useUpdateOrganization } from '../../api/organizations'
import type { Permission } from '../../lib/permissions'
import { Callout } from '../../components/callout'
import { SaveBar } from '../../components/save-bar'
import { applyServerError } from '../../components/server-errors'
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard'
import { OrganizationFields } from './organization-fields'
import { ORGANIZATION_FIELDS, changedValues, toFormValues, type OrganizationFormValues } from './organization-values'

type Props = { organization: Organization; permission: Permission }

/** Settings of one organization. Mounted once its data has loaded; the loaded values are the defaults. */
export function OrganizationSettingsForm({ organization, permission }: Props) {
  const update = useUpdateOrganization(organization.id)
  const form = useForm<OrganizationFormValues, unknown, OrganizationFormValues>({
    // The form always holds every field; only the changed ones are sent.
    resolver: zodResolver(z.required(organizationPatch)),
    defaultValues: toFormValues(organization),
  })
  const { isDirty, isSubmitting, dirtyFields, errors } = form.formState
  const readOnly = !permission.allowed

  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(changedValues(values, dirtyFields))
      form.reset(toFormValues(saved))
    } catch (error) {
      applyServerError(error, form.setError, ORGANIZATION_FIELDS)
    }
  })

  return (
    <FormProvider {...form}>
      <form className="form card" noValidate onSubmit={save} aria-label="Organization settings">
        {readOnly && (
          <Callout tone="info" title="Read only">
            You can view these settings but not change them. {permission.reason}.
          </Callout>
        )}
        {errors.root?.server && (
          <Callout tone="danger" role="alert" title="Could not save the settings">
            {errors.root.server.message} Your changes are still here; try again.
          </Callout>
        )}
        <OrganizationFields disabled={readOnly} disabledReason={permission.reason} />
        <SaveBar
          dirty={isDirty}
          submitting={isSubmitting}
          onDiscard={() => form.reset()}
          savedText={readOnly ? permission.reason : undefined}
          disabledReason={permission.reason}
        />
      </form>
      <UnsavedChangesGuard when={isDirty} />
    </FormProvider>
  )
}
