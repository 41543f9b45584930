import { useEffect, useState } from 'react'
import { Check, Copy } from 'lucide-react'

/** Copies a value; confirms with a check mark. The value never has to be shown to be copied. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!copied && !failed) return
    const timer = setTimeout(() => {
      setCopied(false)
      setFailed(false)
    }, 1600)
    return () => clearTimeout(timer)
  }, [copied, failed])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      setFailed(true)
    }
  }
  const name = copied ? 'Copied' : failed ? 'Copy failed' : label
  return (
    <button type="button" className="icon-btn" aria-label={name} title={name} onClick={() => void copy()}>
      {copied ? <Check size={15} aria-hidden className="text-green" /> : <Copy size={15} aria-hidden />}
      <span className="visually-hidden" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  )
}
