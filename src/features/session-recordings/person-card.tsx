import type { SessionRecording } from '../../contracts/session-recordings'
import { Time } from '../../components/time'
import './recordings.css'
import './person-card.css'

/** A property value as text: strings as they are, everything else as JSON. */
function propertyText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return '—'
  return JSON.stringify(value)
}

/** The recorded person: who, since when, and every property as a key/value list. */
export function PersonCard({ recording }: { recording: SessionRecording }) {
  const person = recording.person
  const properties = person ? Object.entries(person.properties).sort(([a], [b]) => a.localeCompare(b)) : []
  return (
    <section className="card rec-card" aria-labelledby="rec-person-title">
      <h2 id="rec-person-title" className="section-title">
        Person
      </h2>
      {!person ? (
        <p className="muted">
          No person is linked to this recording{recording.distinct_id ? ` (distinct ID ${recording.distinct_id})` : ''}.
        </p>
      ) : (
        <>
          <dl className="rec-dl">
            <div>
              <dt>Name</dt>
              <dd>{person.name || <span className="muted">Anonymous</span>}</dd>
            </div>
            <div>
              <dt>Distinct IDs</dt>
              <dd className="mono">{person.distinct_ids.join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>Person UUID</dt>
              <dd className="mono">{person.uuid}</dd>
            </div>
            <div>
              <dt>First seen</dt>
              <dd>
                {person.created_at ? (
                  <Time value={person.created_at} format="absolute" />
                ) : (
                  <span className="muted">Not processed yet</span>
                )}
              </dd>
            </div>
          </dl>
          <h3 className="rec-subtitle" id="rec-properties-title">
            Properties
          </h3>
          {properties.length === 0 ? (
            <p className="muted">No properties.</p>
          ) : (
            <dl className="rec-dl rec-properties" aria-labelledby="rec-properties-title">
              {properties.map(([key, value]) => (
                <div key={key}>
                  <dt className="mono">{key}</dt>
                  <dd className="mono">{propertyText(value)}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </section>
  )
}
