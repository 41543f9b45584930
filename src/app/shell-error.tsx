import { LogOut } from 'lucide-react'
import { Button } from '../components/button'
import { ErrorState } from '../components/error-state'
import { useSignOut } from './session'

/** When the signed-in user cannot even be loaded: say why, retry, or sign out (never a dead end). */
export function ShellError({ error, retry }: { error: unknown; retry: () => void }) {
  const signOut = useSignOut()
  return (
    <main className="page page-center">
      <ErrorState
        error={error}
        onRetry={retry}
        setsTitle
        action={
          <Button icon={<LogOut size={14} aria-hidden />} onClick={signOut}>
            Sign out
          </Button>
        }
      />
    </main>
  )
}
