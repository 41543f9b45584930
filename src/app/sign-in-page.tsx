import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { KeyRound } from 'lucide-react'
import { describeError, isApiError } from '../lib/api-error'
import { feedback } from '../api/feedback'
import { meQueries, verifyKey } from '../api/me'
import { isPlausibleKey, signIn } from '../api/session'
import { Button } from '../components/button'
import { Callout } from '../components/callout'
import { Field, Input } from '../components/field'
import { useDocumentTitle } from '../components/use-document-title'
import { Logo } from './logo'
import { useSession } from './session'

type Values = { key: string; forget: boolean }

export function SignInPage() {
  useDocumentTitle('Sign in')
  const session = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const client = useQueryClient()
  const from = (location.state as { from?: string } | null)?.from ?? '/'
  const form = useForm<Values>({ defaultValues: { key: '', forget: false } })
  const { errors } = form.formState

  const verify = useMutation({
    mutationFn: (values: Values) => verifyKey(values.key.trim()),
    meta: feedback({ failure: 'in-place' }),
    onSuccess: (info, values) => {
      signIn(values.key, { remember: !values.forget })
      client.setQueryData(meQueries.currentKey().queryKey, info)
      navigate(from, { replace: true })
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        form.setError('key', { message: `The server rejected this key: ${error.detail}` })
      }
    },
  })

  if (session.key && !verify.isPending) return <Navigate to={from} replace />
  const otherError = verify.error && !(isApiError(verify.error) && verify.error.status === 401) ? verify.error : null

  return (
    <main className="sign-in">
      <div className="sign-in-card">
        <div className="sign-in-brand">
          <Logo size={32} />
          <span>Analytics Admin</span>
        </div>
        <h1 className="sign-in-title">Sign in</h1>
        <p className="muted">Paste a personal API key. The console sends it only to this server.</p>
        <p className="muted sign-in-where">
          You stay signed in across reloads and new tabs of this browser until you sign out or close it. The key is kept
          in this tab&apos;s session storage, never in cookies, local storage or the address bar.
        </p>
        {session.reason && (
          <Callout tone="warning" role="alert" title="You were signed out">
            {session.reason}
          </Callout>
        )}
        <form className="stack" noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))}>
          <Field
            label="Personal API key"
            required
            error={errors.key?.message}
            help="Starts with phx_. Use the sign-in link the server printed, or create a key with npm run keys."
          >
            {(p) => (
              <Input
                {...p}
                type="password"
                autoComplete="off"
                spellCheck={false}
                placeholder="phx_…"
                className="mono"
                autoFocus
                {...form.register('key', {
                  validate: (v) =>
                    v.trim() === ''
                      ? 'Paste your personal API key.'
                      : isPlausibleKey(v) ||
                        'That does not look like a personal API key (phx_ followed by letters and digits).',
                })}
              />
            )}
          </Field>
          <label className="checkbox">
            <input type="checkbox" {...form.register('forget')} />
            <span>
              Don&apos;t remember me
              <span className="field-help">
                For shared computers: the key stays in this tab&apos;s memory only. Reloading or opening another tab
                asks for it again.
              </span>
            </span>
          </label>
          {otherError && (
            <Callout tone="danger" role="alert">
              {describeError(otherError)}
            </Callout>
          )}
          <Button type="submit" variant="primary" loading={verify.isPending} icon={<KeyRound size={15} aria-hidden />}>
            Sign in
          </Button>
        </form>
      </div>
    </main>
  )
}
