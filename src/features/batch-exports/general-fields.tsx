import { useFormContext } from 'react-hook-form'
import { BATCH_EXPORT_MODELS } from '../../contracts/batch-exports'
import type { Team } from '../../contracts/organizations'
import { Field, Input, Select } from '../../components/field'
import type { ExportFormValues } from './export-form-values'
import './batch-exports.css'

const MODEL_HELP: Record<(typeof BATCH_EXPORT_MODELS)[number], string> = {
  events: 'Every event captured in the window.',
  persons: 'Persons created or updated in the window.',
  sessions: 'Sessions that ended in the window.',
}

type Props = { disabled: boolean; teams: Team[] | null }

/** Name, project and what to export. */
export function GeneralFields({ disabled, teams }: Props) {
  const { register, watch, formState } = useFormContext<ExportFormValues>()
  const { errors } = formState
  const model = watch('model')
  return (
    <section className="form-section" aria-labelledby="export-general">
      <h2 id="export-general" className="section-title">
        General
      </h2>
      <Field label="Name" required error={errors.name?.message} help="Shown in the list and in alerts.">
        {(p) => <Input {...p} autoComplete="off" disabled={disabled} {...register('name')} />}
      </Field>
      <div className="field-grid">
        <Field label="Model" required error={errors.model?.message} help={MODEL_HELP[model]}>
          {(p) => (
            <Select {...p} disabled={disabled} {...register('model')}>
              {BATCH_EXPORT_MODELS.map((m) => (
                <option key={m} value={m}>
                  {m[0]!.toUpperCase() + m.slice(1)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {teams && teams.length > 0 && (
          <Field label="Project" error={errors.team_id?.message} help="Whose data is exported.">
            {(p) => (
              <Select {...p} disabled={disabled} {...register('team_id')}>
                {teams.map((t, i) => (
                  <option key={t.id} value={i === 0 && !watch('team_id') ? '' : String(t.id)}>
                    {t.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </div>
    </section>
  )
}
