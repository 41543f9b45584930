import { useState, type FormEvent } from 'react'
import { Input, Select } from '../../components/field'
import type { Filters } from './recording-list-params'
import { testPattern } from './regex-test'
import './url-filter.css'

type Mode = 'contains' | 'regex'
type Props = {
  filters: Filters
  onChange: (patch: Filters) => void
  /** The server's refusal of the pattern (e.g. one it cannot match in linear time). */
  serverError?: string
}

/**
 * Start URL: contains (ignoring case) or matches a regular expression, as PostHog's `$current_url`
 * filter does; applied by the server. What is typed goes to the URL on Enter or when the field is left,
 * not on every key; a pattern that is not a regular expression stays here with its error.
 */
export function UrlFilter({ filters, onChange, serverError }: Props) {
  const applied = filters.start_url_regex ?? filters.start_url ?? ''
  const appliedMode: Mode = filters.start_url_regex !== undefined ? 'regex' : 'contains'
  // The draft follows the URL (back/forward, Clear filters) until the user edits it.
  const [draft, setDraft] = useState<{ text: string; mode: Mode; from: string } | null>(null)
  const key = `${appliedMode}:${applied}`
  const current = draft && draft.from === key ? draft : { text: applied, mode: appliedMode, from: key }
  const check = current.mode === 'regex' && current.text ? testPattern(current.text, []) : null
  const localError = check && !check.ok ? `Not a valid regular expression: ${check.error}` : undefined
  const error = localError ?? (current.text === applied && current.mode === appliedMode ? serverError : undefined)

  const apply = (next = current) => {
    if (next.mode === 'regex' && next.text && !testPattern(next.text, []).ok) return
    const text = next.text.trim() === '' ? undefined : next.mode === 'regex' ? next.text : next.text.trim()
    if ((text ?? '') === applied && (next.mode === appliedMode || !text)) return
    onChange({
      start_url: next.mode === 'contains' ? text : undefined,
      start_url_regex: next.mode === 'regex' ? text : undefined,
    })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    apply()
  }

  return (
    <form className="field rec-url-filter" role="search" aria-label="Filter by start URL" onSubmit={submit}>
      <label className="field-label" htmlFor="rec-url-filter-text">
        Start URL
      </label>
      <div className="rec-url-filter-row">
        <Select
          aria-label="How the start URL is matched"
          value={current.mode}
          onChange={(e) => {
            const next = { ...current, mode: e.target.value as Mode }
            setDraft(next)
            if (next.text) apply(next)
          }}
        >
          <option value="contains">contains</option>
          <option value="regex">regex</option>
        </Select>
        <Input
          id="rec-url-filter-text"
          type="search"
          className={current.mode === 'regex' ? 'mono' : undefined}
          placeholder={current.mode === 'regex' ? '^https://shop\\.example\\.com/' : 'e.g. /pricing'}
          spellCheck={false}
          value={current.text}
          maxLength={current.mode === 'regex' ? 500 : 1000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'rec-url-filter-error' : undefined}
          onChange={(e) => setDraft({ ...current, text: e.target.value })}
          onBlur={() => apply()}
        />
      </div>
      {error && (
        <p id="rec-url-filter-error" className="field-error">
          {error}
        </p>
      )}
    </form>
  )
}
