import { zodResolver } from '@hookform/resolvers/zod'
import * as z from 'zod/mini'
import { FormProvider, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import { organizationCreate, type OrganizationCreate } from '../../contracts/organizations'
import { useCreateOrganization } from '../../api/organizations'
import { useScopePermission } from '../../api/permissions'
import { Button, ButtonLink } from '../../components/button'
import { Callout } from '../../components/callout'
import { PageHeader } from '../../components/page-header'
import { applyServerError } from '../../components/server-errors'
import { LEAVE_WITHOUT_ASKING, UnsavedChangesGuard } from '../../components/unsaved-changes-guard'
import { useDocumentTitle } from '../../components/use-document-title'
import { OrganizationFields } from './organization-fields'
import { ORGANIZATION_FIELDS, emptyOrganization, type OrganizationFormValues } from './organization-values'

/** /orgs/new — name required, the rest optional; the new organization opens afterwards. */
export function OrganizationCreatePage() {
  useDocumentTitle('New organization', 'Organizations')
  const permission = useScopePermission('organization:write')
  const create = useCreateOrganization()
  const navigate = useNavigate()
  const form = useForm<OrganizationFormValues, unknown, OrganizationCreate>({
    // The form holds every field, so all of them are required here (the defaults fill the optional ones).
    resolver: zodResolver(z.required(organizationCreate)),
    defaultValues: emptyOrganization,
  })
  const { isDirty, isSubmitting, errors } = form.formState

  const submit = form.handleSubmit(async (values) => {
    try {
      const org = await create.mutateAsync(values)
      navigate(`/orgs/${org.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING })
    } catch (error) {
      applyServerError(error, form.setError, ORGANIZATION_FIELDS)
    }
  })

  return (
    <div className="page">
      <PageHeader
        breadcrumbs={[{ label: 'Organizations', to: '/orgs' }, { label: 'New' }]}
        title="New organization"
        description="Only the name is required; everything else can be changed later in settings."
      />
      <FormProvider {...form}>
        <form className="form card form-narrow" noValidate onSubmit={submit} aria-label="New organization">
          {!permission.allowed && (
            <Callout tone="info" title="Read only">
              This key cannot create organizations. {permission.reason}.
            </Callout>
          )}
          {errors.root?.server && (
            <Callout tone="danger" role="alert" title="Could not create the organization">
              {errors.root.server.message}
            </Callout>
          )}
          <OrganizationFields disabled={!permission.allowed} disabledReason={permission.reason} />
          <div className="form-actions">
            <ButtonLink to="/orgs">Cancel</ButtonLink>
            <Button type="submit" variant="primary" loading={isSubmitting} disabledReason={permission.reason}>
              Create organization
            </Button>
          </div>
        </form>
        <UnsavedChangesGuard when={isDirty} />
      </FormProvider>
    </div>
  )
}
