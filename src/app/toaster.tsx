import { Toaster } from 'sonner'

/** The toast stack, loaded after the first render (sonner replays toasts raised before it mounts). */
export default function AppToaster() {
  return <Toaster theme="system" position="bottom-right" closeButton richColors />
}
