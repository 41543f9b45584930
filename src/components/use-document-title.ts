import { useEffect } from 'react'

export const PRODUCT_NAME = 'Analytics Admin'

/** document.title follows the page (no parts: leave it alone): "Demo Org · Organizations · Analytics Admin". */
export function useDocumentTitle(...parts: (string | null | undefined)[]) {
  const named = parts.filter(Boolean)
  const title = [...named, PRODUCT_NAME].join(' · ')
  const skip = named.length === 0
  useEffect(() => {
    if (!skip) document.title = title
  }, [title, skip])
}
