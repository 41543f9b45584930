import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { getToasts, subscribeToasts, toast as toasts, type Toast } from './toast'
import './toaster.css'

const icons = { success: CircleCheck, error: CircleAlert, info: Info }

/** Closes a toast once its time is up; time does not run while `paused`. */
function useAutoDismiss({ id, duration, version }: Toast, paused: boolean) {
  const left = useRef(duration)
  // A replacement under the same id starts a fresh timer.
  useEffect(() => {
    left.current = duration
  }, [duration, version])
  useEffect(() => {
    if (paused || !Number.isFinite(left.current)) return
    const started = Date.now()
    const timer = setTimeout(() => toasts.dismiss(id), left.current)
    return () => {
      clearTimeout(timer)
      left.current -= Date.now() - started
    }
  }, [id, paused, version])
}

function ToastItem({ toast, paused }: { toast: Toast; paused: boolean }) {
  useAutoDismiss(toast, paused)
  const Icon = toast.kind in icons ? icons[toast.kind as keyof typeof icons] : null
  return (
    <li className="toast" data-kind={toast.kind}>
      {toast.kind === 'loading' ? (
        <span className="spinner toast-icon" aria-hidden />
      ) : (
        Icon && <Icon size={16} className="toast-icon" aria-hidden />
      )}
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        {toast.description && <p className="toast-description">{toast.description}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          className="btn btn-secondary btn-sm toast-action"
          onClick={() => {
            toast.action!.onClick()
            // Unless the action raised its own answer under this id (Undo → "Undone"), its toast is done.
            if (getToasts().some((t) => t.version === toast.version)) toasts.dismiss(toast.id)
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="toast-close" aria-label="Close toast" onClick={() => toasts.dismiss(toast.id)}>
        <X size={12} aria-hidden />
      </button>
    </li>
  )
}

/**
 * The toast stack, bottom right, newest last. A polite live region: screen readers hear each toast
 * once; Alt+T moves focus to it. Hovering or focusing it stops the clocks, so a toast can be read.
 */
export function Toaster() {
  const shown = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const region = useRef<HTMLElement>(null)
  // An emptied stack gets no pointerleave: the next toast must not start out paused.
  if (hovered && shown.length === 0) setHovered(false)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.code === 'KeyT') region.current?.querySelector<HTMLElement>('button')?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section
      ref={region}
      className="toaster"
      aria-label="Notifications alt+T"
      aria-live="polite"
      aria-relevant="additions text"
      tabIndex={-1}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
      }}
    >
      {shown.length > 0 && (
        <ol className="toast-list">
          {shown.map((t) => (
            <ToastItem key={t.id} toast={t} paused={hovered || focused} />
          ))}
        </ol>
      )}
    </section>
  )
}
