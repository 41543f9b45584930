import type { CSSProperties } from 'react'

/** A grey placeholder of the final size, so nothing jumps when data arrives. */
export function Skeleton({
  width = '100%',
  height = 14,
  style,
}: {
  width?: string | number
  height?: number
  style?: CSSProperties
}) {
  return <span className="skeleton" style={{ width, height, ...style }} aria-hidden />
}

/** A page-sized placeholder: header, then a block of lines. */
export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true" aria-label="Loading">
      <div className="page-header">
        <div>
          <Skeleton width={220} height={24} />
          <Skeleton width={360} height={14} style={{ marginTop: 10 }} />
        </div>
      </div>
      <div className="stack">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </div>
    </div>
  )
}
