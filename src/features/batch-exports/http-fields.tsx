import { EventFilterSettings, SecretSetting, TextSetting } from './destination-inputs'

type Props = { disabled: boolean; hasStoredSecrets: boolean }

/** PostHog's HTTP destination: batches of events POSTed as batch-capture JSON with the token. */
export function HttpFields({ disabled, hasStoredSecrets }: Props) {
  return (
    <>
      <TextSetting
        name="destination.http.url"
        label="URL"
        required
        type="url"
        placeholder="https://us.i.posthog.com/batch/"
        help="Each request is a POST of up to 5,000 events: {api_key, historical_migration, batch}."
        disabled={disabled}
      />
      <SecretSetting name="destination.http.token" label="Token" stored={hasStoredSecrets} disabled={disabled} />
      <EventFilterSettings base="destination.http" disabled={disabled} />
    </>
  )
}
