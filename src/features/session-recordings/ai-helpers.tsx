import type { FormEvent } from 'react'
import { useState } from 'react'
import { Sparkles } from 'lucide-react'
import { describeError } from '../../lib/api-error'
import { useAiFilters, useAiRegex } from '../../api/ai'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { Callout } from '../../components/callout'
import { CopyButton } from '../../components/copy-button'
import { Field, Input } from '../../components/field'
import { plural } from '../../lib/format'
import { readSuggestion } from './ai-suggestion'
import type { Filters } from './recording-list-params'
import { testPattern } from './regex-test'
import './recordings.css'
import './ai-helpers.css'

type AiHelpersProps = {
  projectId: number
  /** Start URLs of the recordings on the current page, to test a pattern against. */
  startUrls: (string | null)[]
  onApply: (sort: string | null, filters: Filters) => void
  /** Filters the list (on the server) by a start URL pattern. */
  onFilterByPattern: (pattern: string) => void
}

/** The experimental helpers, clearly labelled: what they suggest is shown before anything is applied. */
export function AiHelpers({ projectId, startUrls, onApply, onFilterByPattern }: AiHelpersProps) {
  return (
    <section className="card rec-ai" aria-labelledby="rec-ai-title">
      <header className="rec-ai-header">
        <h2 id="rec-ai-title" className="section-title">
          <Sparkles size={15} aria-hidden /> AI helpers
        </h2>
        <Badge tone="amber">Experimental</Badge>
        <p className="field-help">
          These use experimental endpoints that may change or disappear without notice. Check what they suggest before
          you use it.
        </p>
      </header>
      <div className="rec-ai-grid">
        <FiltersHelper projectId={projectId} onApply={onApply} />
        <RegexHelper projectId={projectId} startUrls={startUrls} onFilterByPattern={onFilterByPattern} />
      </div>
    </section>
  )
}

function useDescribeForm(run: (text: string) => void) {
  const [text, setText] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim()) run(text.trim())
  }
  return { text, setText, submit }
}

function FiltersHelper({ projectId, onApply }: Pick<AiHelpersProps, 'projectId' | 'onApply'>) {
  const ask = useAiFilters(projectId)
  const form = useDescribeForm((text) => ask.mutate(text))
  const answer = ask.data
  const suggestion = answer?.result === 'success' && answer.data.filters ? readSuggestion(answer.data.filters) : null

  return (
    <form className="stack" onSubmit={form.submit} aria-label="Suggest filters">
      <Field
        label="Describe the recordings you want"
        help="For example: unviewed with console errors from the last 7 days"
      >
        {(p) => <Input {...p} value={form.text} onChange={(e) => form.setText(e.target.value)} maxLength={2000} />}
      </Field>
      <div>
        <Button type="submit" size="sm" loading={ask.isPending} disabled={!form.text.trim()}>
          Suggest filters
        </Button>
      </div>
      {ask.isError && (
        <Callout tone="danger" role="alert" title="The filters helper failed">
          {describeError(ask.error)}
        </Callout>
      )}
      {answer && !suggestion && (
        <Callout tone="danger" role="alert" title="No filters suggested">
          {answer.data.output}
        </Callout>
      )}
      {suggestion && (
        <div className="rec-ai-result" role="status">
          <p>{answer!.data.output}</p>
          {suggestion.rows.length > 0 ? (
            <dl className="rec-dl rec-dl-compact">
              {suggestion.rows.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="muted">No filters: every recording.</p>
          )}
          {suggestion.ignored.length > 0 && (
            <p className="field-error">Not applied (not supported here): {suggestion.ignored.join(', ')}</p>
          )}
          <div className="rec-inline-actions">
            <Button
              size="sm"
              variant="primary"
              onClick={() => {
                onApply(suggestion.sort, suggestion.filters)
                ask.reset()
              }}
            >
              Apply filters
            </Button>
            <Button size="sm" variant="ghost" onClick={() => ask.reset()}>
              Discard
            </Button>
          </div>
        </div>
      )}
    </form>
  )
}

function RegexHelper({
  projectId,
  startUrls,
  onFilterByPattern,
}: Pick<AiHelpersProps, 'projectId' | 'startUrls' | 'onFilterByPattern'>) {
  const ask = useAiRegex(projectId)
  const form = useDescribeForm((text) => ask.mutate(text))
  const answer = ask.data

  return (
    <form className="stack" onSubmit={form.submit} aria-label="Generate a pattern">
      <Field label="Describe the start URLs to match" help="For example: pricing or signup pages">
        {(p) => <Input {...p} value={form.text} onChange={(e) => form.setText(e.target.value)} maxLength={500} />}
      </Field>
      <div>
        <Button type="submit" size="sm" loading={ask.isPending} disabled={!form.text.trim()}>
          Generate pattern
        </Button>
      </div>
      {ask.isError && (
        <Callout tone="danger" role="alert" title="The regex helper failed">
          {describeError(ask.error)}
        </Callout>
      )}
      {answer?.result === 'error' && (
        <Callout tone="danger" role="alert" title="No pattern generated">
          {answer.data.output}
        </Callout>
      )}
      {answer?.result === 'success' && (
        // Keyed by the answer: a new pattern replaces whatever was edited before.
        <PatternTester
          key={answer.data.output}
          initial={answer.data.output}
          startUrls={startUrls}
          onFilter={onFilterByPattern}
        />
      )}
    </form>
  )
}

const SHOWN_MATCHES = 8

type TesterProps = { initial: string; startUrls: (string | null)[]; onFilter: (pattern: string) => void }

/** The generated pattern, editable, tested at once against the start URLs on this page, then applied to the list. */
function PatternTester({ initial, startUrls, onFilter }: TesterProps) {
  const [pattern, setPattern] = useState(initial)
  const result = testPattern(pattern, startUrls)
  return (
    <div className="rec-ai-result">
      <Field label="Pattern" error={result.ok ? undefined : `Not a valid regular expression: ${result.error}`}>
        {(p) => (
          <div className="rec-share-value">
            <Input
              {...p}
              className="mono"
              value={pattern}
              spellCheck={false}
              onChange={(e) => setPattern(e.target.value)}
            />
            <CopyButton value={pattern} label="Copy pattern" />
          </div>
        )}
      </Field>
      {result.ok && (
        <div role="status">
          <p>
            {result.tested === 0
              ? 'No start URLs on this page to test against.'
              : `Matches ${result.matches.length} of ${plural(result.tested, 'start URL')} on this page.`}
          </p>
          {result.matches.length > 0 && (
            <ul className="rec-matches" aria-label="Matching start URLs">
              {result.matches.slice(0, SHOWN_MATCHES).map((url) => (
                <li key={url} className="mono">
                  {url}
                </li>
              ))}
              {result.matches.length > SHOWN_MATCHES && (
                <li className="muted">…and {result.matches.length - SHOWN_MATCHES} more</li>
              )}
            </ul>
          )}
        </div>
      )}
      <div className="rec-inline-actions">
        <Button
          size="sm"
          variant="primary"
          disabledReason={result.ok ? null : 'Fix the pattern first'}
          onClick={() => onFilter(pattern)}
        >
          Filter the list by this pattern
        </Button>
      </div>
    </div>
  )
}
