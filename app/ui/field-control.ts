import { createContext, useContext } from 'react'

/**
 * How a Field (ui/field.tsx) wires the control inside it: the control's id (the label's `for`),
 * whether it is invalid, and the ids of its hint and error. Input, Textarea and SelectTrigger read
 * it, so a form writes `<Field label="E-mail" error={…}><Input name="email" /></Field>` and nothing more.
 */
export type FieldWiring = {
  id: string
  invalid: boolean
  describedBy: string | undefined
  required: boolean
}

export const FieldControlContext = createContext<FieldWiring | null>(null)

type ControlProps = {
  id?: string | undefined
  required?: boolean | undefined
  'aria-invalid'?: React.AriaAttributes['aria-invalid']
  'aria-describedby'?: string | undefined
}

/**
 * The control's own props with the field's wiring filled in: what the control sets itself wins,
 * except that descriptions add up (the field's hint and error, then the control's own).
 */
export function useFieldControl<P extends ControlProps>(props: P): P {
  const field = useContext(FieldControlContext)
  if (!field) return props
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined
  return {
    ...props,
    id: props.id ?? field.id,
    required: props.required ?? (field.required || undefined),
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    'aria-describedby': describedBy,
  }
}
