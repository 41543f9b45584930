import type { ComponentProps } from 'react'
import { useController, type FieldPathByValue, type FieldValues } from 'react-hook-form'
import { Switch } from './switch'

type SwitchFieldProps<T extends FieldValues> = Omit<
  ComponentProps<typeof Switch>,
  'checked' | 'onChange' | 'onBlur'
> & {
  /** A boolean field of the surrounding form (FormProvider). */
  name: FieldPathByValue<T, boolean | null | undefined>
}

/** A Switch bound to a boolean field of the form it sits in; null or missing reads as off. */
export function SwitchField<T extends FieldValues>({ name, ...props }: SwitchFieldProps<T>) {
  const { field } = useController<T>({ name })
  return <Switch {...props} checked={Boolean(field.value)} onChange={field.onChange} onBlur={field.onBlur} />
}
