import { useFormContext } from 'react-hook-form'
import { Field } from '../../components/field'
import type { ExportFormValues } from './export-form-values'
import './export-form.css'

/** The HogQL query and filters, for exports that need less than the whole model. */
export function AdvancedFields({ disabled }: { disabled: boolean }) {
  const { register, formState } = useFormContext<ExportFormValues>()
  const { errors } = formState
  return (
    <section className="form-section" aria-labelledby="export-advanced">
      <h2 id="export-advanced" className="section-title">
        Advanced
      </h2>
      <Field
        label="HogQL query"
        error={errors.hogql_query?.message}
        help="Selects and shapes the exported columns. Empty exports the model's default columns."
      >
        {(p) => (
          <textarea
            {...p}
            className="input textarea mono"
            rows={5}
            spellCheck={false}
            placeholder="SELECT uuid, event, timestamp, properties FROM events"
            disabled={disabled}
            {...register('hogql_query')}
          />
        )}
      </Field>
      <Field label="Filters (JSON)" error={errors.filters?.message} help="Property filters as JSON. Empty: no filters.">
        {(p) => (
          <textarea
            {...p}
            className="input textarea mono"
            rows={4}
            spellCheck={false}
            placeholder='[{"key": "$browser", "operator": "exact", "value": "Chrome", "type": "event"}]'
            disabled={disabled}
            {...register('filters')}
          />
        )}
      </Field>
    </section>
  )
}
