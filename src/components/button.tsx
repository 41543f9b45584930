import type { ComponentProps, MouseEvent, ReactNode } from 'react'
import { useId } from 'react'
import { Link, type LinkProps } from 'react-router-dom'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger'
type Size = 'sm' | 'md'

export type ButtonProps = ComponentProps<'button'> & {
  variant?: Variant
  size?: Size
  icon?: ReactNode
  loading?: boolean
  /** Disables the button and says why (tooltip + accessible description); it stays focusable. */
  disabledReason?: string | null
}

const classes = (variant: Variant, size: Size, extra?: string) =>
  ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', extra ?? ''].filter(Boolean).join(' ')

export function Button({
  variant = 'secondary',
  size = 'md',
  icon,
  loading = false,
  disabledReason,
  disabled,
  className,
  children,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  const reasonId = useId()
  const blocked = Boolean(disabledReason)
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked || loading) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <button
      {...rest}
      type={type}
      className={classes(variant, size, className)}
      disabled={disabled}
      aria-disabled={blocked || loading || undefined}
      aria-describedby={blocked ? reasonId : rest['aria-describedby']}
      aria-busy={loading || undefined}
      title={disabledReason ?? rest.title}
      onClick={handleClick}
    >
      {loading ? <span className="spinner" aria-hidden /> : icon}
      {children}
      {blocked && (
        <span id={reasonId} className="visually-hidden">
          {disabledReason}
        </span>
      )}
    </button>
  )
}

export type ButtonLinkProps = LinkProps & {
  variant?: Variant
  size?: Size
  icon?: ReactNode
  /** Not allowed to go there: a disabled button that says why instead of the link. */
  disabledReason?: string | null
}

/** A link that looks like a button (navigation, so middle-click and "open in new tab" work). */
export function ButtonLink({
  variant = 'secondary',
  size = 'md',
  icon,
  disabledReason,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  if (disabledReason) {
    return (
      <Button variant={variant} size={size} icon={icon} className={className} disabledReason={disabledReason}>
        {children}
      </Button>
    )
  }
  return (
    <Link {...rest} className={classes(variant, size, className)}>
      {icon}
      {children}
    </Link>
  )
}
