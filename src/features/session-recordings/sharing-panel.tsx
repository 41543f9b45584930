import type { ReactNode, Ref } from 'react'
import { useId, useImperativeHandle, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Eye, EyeOff, RefreshCw } from 'lucide-react'
import type { SharingConfiguration } from '../../contracts/session-recordings'
import { describeError } from '../../lib/api-error'
import { useScopePermission } from '../../api/permissions'
import { type Permission } from '../../lib/permissions'
import { embedSnippet, sharedLink, sharingQueries, useRotateSharing, useSetSharing } from '../../api/sharing'
import { Button } from '../../components/button'
import { Callout } from '../../components/callout'
import { CopyButton } from '../../components/copy-button'
import { Dialog } from '../../components/dialog'
import { Input } from '../../components/field'
import { Skeleton } from '../../components/skeleton'
import { Switch } from '../../components/switch'
import { Time } from '../../components/time'
import './recordings.css'
import './sharing-panel.css'

/** `ab12…f9`: enough to tell tokens apart, not enough to use one. */
export function maskToken(token: string): string {
  return token.length <= 8 ? '••••' : `${token.slice(0, 4)}…${token.slice(-2)}`
}

type PanelProps = { projectId: number; recordingId: string | null; onClose: () => void }

/** Public sharing of one recording: on/off, the token (masked until revealed), link, embed, rotation. */
export function SharingPanel({ projectId, recordingId, onClose }: PanelProps) {
  return (
    <Dialog
      open={recordingId !== null}
      onClose={onClose}
      title="Share recording"
      description="Anyone with the public link can watch this recording without signing in."
    >
      {recordingId !== null && <SharingBody projectId={projectId} recordingId={recordingId} />}
    </Dialog>
  )
}

export type SharingPanelHandle = { open: (recordingId: string) => void }

/** The panel with its own open state, opened through `ref` (the list: no re-render of its rows). */
export function SharingPanelHost({ projectId, ref }: { projectId: number; ref: Ref<SharingPanelHandle> }) {
  const [recordingId, setRecordingId] = useState<string | null>(null)
  useImperativeHandle(ref, () => ({ open: setRecordingId }), [])
  return <SharingPanel projectId={projectId} recordingId={recordingId} onClose={() => setRecordingId(null)} />
}

function SharingBody({ projectId, recordingId }: { projectId: number; recordingId: string }) {
  const query = useQuery(sharingQueries.detail(projectId, recordingId))
  const permission = useScopePermission('sharing_configuration:write')
  const toggle = useSetSharing(projectId, recordingId)
  const config = query.data

  return (
    <div className="stack rec-sharing">
      {!permission.allowed && (
        <Callout tone="info" title="Read-only">
          {permission.reason}: this key can see how the recording is shared but cannot change it.
        </Callout>
      )}
      {query.isError ? (
        <Callout
          tone="danger"
          role="alert"
          title="Could not load the sharing settings"
          action={
            <Button size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          {describeError(query.error)}
        </Callout>
      ) : !config ? (
        <div className="stack" aria-busy="true" aria-label="Loading sharing settings">
          <Skeleton height={44} />
          <Skeleton height={32} />
        </div>
      ) : (
        <>
          <Switch
            label="Share publicly"
            description={
              config.enabled ? (
                <>
                  The link works. Sharing set up <Time value={config.created_at} />.
                </>
              ) : (
                'Off: no public link or embed works for this recording.'
              )
            }
            checked={config.enabled}
            disabled={!permission.allowed || toggle.isPending}
            disabledReason={permission.reason}
            onChange={(enabled) => toggle.mutate(enabled)}
          />
          {toggle.isError && (
            <Callout
              tone="danger"
              role="alert"
              title={`Could not turn public sharing ${toggle.variables ? 'on' : 'off'}`}
            >
              {describeError(toggle.error)}
            </Callout>
          )}
          {config.enabled && config.access_token && (
            <SharedLinks projectId={projectId} recordingId={recordingId} config={config} permission={permission} />
          )}
        </>
      )}
    </div>
  )
}

type LinksProps = { projectId: number; recordingId: string; config: SharingConfiguration; permission: Permission }

function SharedLinks({ projectId, recordingId, config, permission }: LinksProps) {
  const [revealed, setRevealed] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const rotate = useRotateSharing(projectId, recordingId)
  const token = config.access_token!
  const origin = window.location.origin
  const shown = revealed ? token : maskToken(token)

  return (
    <>
      <ShareValue label="Access token" value={shown}>
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={revealed}
          icon={revealed ? <EyeOff size={14} aria-hidden /> : <Eye size={14} aria-hidden />}
          onClick={() => setRevealed(!revealed)}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <CopyButton value={token} label="Copy access token" />
      </ShareValue>
      <ShareValue label="Public link" value={sharedLink(origin, shown)}>
        <CopyButton value={sharedLink(origin, token)} label="Copy public link" />
      </ShareValue>
      <ShareValue label="Embed code" value={embedSnippet(origin, shown)}>
        <CopyButton value={embedSnippet(origin, token)} label="Copy embed code" />
      </ShareValue>
      {confirming ? (
        <>
          <Callout tone="warning" role="alert" title="Rotate the link?">
            <p>
              The current public link and embed stop working at once. Anyone you shared them with needs the new link.
            </p>
            <div className="rec-inline-actions">
              <Button
                size="sm"
                onClick={() => {
                  rotate.reset()
                  setConfirming(false)
                }}
              >
                Cancel
              </Button>
              <Button
                size="sm"
                variant="danger"
                loading={rotate.isPending}
                onClick={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
              >
                Rotate link
              </Button>
            </div>
          </Callout>
          {rotate.isError && (
            <Callout tone="danger" role="alert" title="Could not rotate the link">
              {describeError(rotate.error)} The current link and embed still work.
            </Callout>
          )}
        </>
      ) : (
        <div>
          <Button
            size="sm"
            icon={<RefreshCw size={14} aria-hidden />}
            disabledReason={permission.reason}
            onClick={() => setConfirming(true)}
          >
            Rotate link…
          </Button>
        </div>
      )}
    </>
  )
}

/** A read-only value with its label and actions; copying never needs the value to be shown. */
function ShareValue({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  const id = useId()
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="rec-share-value">
        <Input id={id} readOnly value={value} className="mono" spellCheck={false} />
        {children}
      </div>
    </div>
  )
}
