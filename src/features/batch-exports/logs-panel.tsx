import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { KeyRound, ScrollText } from 'lucide-react'
import { LOG_LEVELS, type BatchExport, type LogLevel } from '../../contracts/batch-exports'
import { useLiveLogs, type LogFilters } from '../../api/batch-export-logs'
import { Badge, type BadgeTone } from '../../components/badge'
import { Button } from '../../components/button'
import { EmptyState } from '../../components/empty-state'
import { ErrorState } from '../../components/error-state'
import { Field, Input, Select } from '../../components/field'
import { Skeleton } from '../../components/skeleton'
import { refusesPersonalKeys } from '../../lib/api-error'
import { formatNumber } from '../../lib/format'
import { formatInZone, formatRangeInZone } from '../../lib/schedule-zone'
import { formatUtc, viewerTimeZone } from '../../lib/time'
import { readLogFilters, writeLogFilters } from './log-params'
import { runWindow } from './run-status'
import './logs-panel.css'

const LEVEL_TONE: Record<LogLevel, BadgeTone> = {
  ERROR: 'red',
  WARNING: 'amber',
  INFO: 'grey',
  LOG: 'grey',
  DEBUG: 'grey',
}

/** Typing settles for 300 ms before it becomes a query. */
function useDebouncedSearch(value: string, onSettled: (value: string) => void) {
  const [text, setText] = useState(value)
  // The URL changed from elsewhere (clear, back/forward): show that instead of stale typing.
  const [synced, setSynced] = useState(value)
  if (value !== synced) {
    setSynced(value)
    setText(value)
  }
  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => onSettled(text), 300)
    return () => clearTimeout(timer)
  }, [text, value, onSettled])
  return [text, setText] as const
}

/** Log entries of one export, newest first, filtered by level, text and run; refreshed every 5 s while open. */
export function LogsPanel({ orgId, exp }: { orgId: string; exp: BatchExport }) {
  const [params, setParams] = useSearchParams()
  const filters = readLogFilters(params)
  const update = (changes: Partial<LogFilters>) =>
    setParams((prev) => writeLogFilters(prev, { ...readLogFilters(prev), ...changes }), { replace: true })
  const [searchText, setSearchText] = useDebouncedSearch(filters.search, (search) => update({ search }))
  const { query, refreshing } = useLiveLogs(orgId, exp.id, filters)
  const entries = query.data?.pages.flatMap((p) => p.results) ?? []
  const total = query.data?.pages[0]?.count ?? null
  const zone = viewerTimeZone()
  const filtered = filters.levels.length > 0 || filters.search !== '' || filters.runId !== null

  const toggleLevel = (level: LogLevel) =>
    update({
      levels: filters.levels.includes(level) ? filters.levels.filter((l) => l !== level) : [...filters.levels, level],
    })

  // Nothing to filter or wait for: say why there is nothing, and what to do instead.
  if (refusesPersonalKeys(query.error))
    return (
      <EmptyState
        icon={<KeyRound size={22} />}
        title="PostHog does not serve logs to API keys"
        description="PostHog answers an export's logs only to its own app, never to a personal API key, whatever its scopes. Read them in PostHog; each run's error is in the run history."
      />
    )

  return (
    <div className="stack">
      <div className="logs-filters" role="search" aria-label="Filter logs">
        <fieldset className="level-filter">
          <legend className="field-label">Levels</legend>
          <div className="level-toggles">
            {LOG_LEVELS.map((level) => (
              <button
                key={level}
                type="button"
                className="level-toggle"
                aria-pressed={filters.levels.includes(level)}
                onClick={() => toggleLevel(level)}
              >
                {level}
              </button>
            ))}
          </div>
        </fieldset>
        <Field label="Search messages">
          {(p) => (
            <Input
              {...p}
              type="search"
              value={searchText}
              placeholder="e.g. bucket"
              onChange={(e) => setSearchText(e.target.value)}
            />
          )}
        </Field>
        <Field label="Run">
          {(p) => (
            <Select {...p} value={filters.runId ?? ''} onChange={(e) => update({ runId: e.target.value || null })}>
              <option value="">All runs</option>
              {filters.runId && !exp.latest_runs.some((r) => r.id === filters.runId) && (
                <option value={filters.runId}>Run {filters.runId.slice(0, 8)}</option>
              )}
              {exp.latest_runs.map((r) => {
                const { start, end } = runWindow(r)
                return (
                  <option key={r.id} value={r.id}>
                    {r.status} · {formatRangeInZone(start, end, zone)}
                  </option>
                )
              })}
            </Select>
          )}
        </Field>
      </div>
      <div className="logs-status">
        <span className="muted num" aria-live="polite">
          {total === null
            ? 'Loading…'
            : `${formatNumber(entries.length)} of ${formatNumber(total)} ${total === 1 ? 'entry' : 'entries'}, newest first`}
        </span>
        <span className="live-indicator" title="New entries appear every 5 seconds while this tab is open">
          <span className="live-dot" data-fetching={refreshing || undefined} aria-hidden />
          Live
        </span>
        {filtered && (
          <Button size="sm" variant="ghost" onClick={() => update({ levels: [], search: '', runId: null })}>
            Clear filters
          </Button>
        )}
      </div>
      {query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div className="stack" aria-busy="true" aria-label="Loading logs">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={28} />
          ))}
        </div>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<ScrollText size={22} />}
          title={filtered ? 'No entries match these filters' : 'No log entries yet'}
          description={
            filtered
              ? 'Try fewer levels, another search or all runs.'
              : 'Runs write here as they start, progress and fail.'
          }
        />
      ) : (
        <div className="table-wrap">
          <table className="table logs-table" aria-label="Log entries">
            <thead>
              <tr>
                <th scope="col">Time ({zone})</th>
                <th scope="col">Level</th>
                <th scope="col" className="secondary-col">
                  Run
                </th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, i) => (
                <tr key={`${entry.timestamp}-${entry.instance_id}-${i}`}>
                  <td className="num log-time">
                    <time dateTime={entry.timestamp} title={formatUtc(entry.timestamp)}>
                      {formatInZone(new Date(entry.timestamp), zone, { seconds: true })}
                    </time>
                  </td>
                  <td>
                    <Badge tone={LEVEL_TONE[entry.level]}>{entry.level}</Badge>
                  </td>
                  <td className="secondary-col">
                    <button
                      type="button"
                      className="link-button mono"
                      title="Show only this run"
                      onClick={() => update({ runId: entry.instance_id })}
                    >
                      {entry.instance_id.slice(0, 8)}
                    </button>
                  </td>
                  <td className="log-message mono">{entry.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage && (
        <div className="logs-more">
          <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load older
          </Button>
        </div>
      )}
    </div>
  )
}
