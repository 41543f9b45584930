/** The product mark (same drawing as public/favicon.svg). */
export function Logo({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="#4f46e5" />
      <path d="M8 22V14M14 22V9M20 22v-6M26 22V11" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
