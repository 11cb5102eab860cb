import { cn } from '~/lib/cn'
import { Input } from '~/ui/input'
import { Label } from '~/ui/label'

/** The id of a field's inline error message. */
export const errorIdOf = (id: string) => `${id}-error`

/** Accessibility attributes of an input with an optional inline error. */
export function fieldA11y(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdOf(id) : undefined,
  } as const
}

/** A label, the control (children) and its inline error, which is announced with the control. */
export function FormField({
  id,
  label,
  required = false,
  error,
  className,
  children,
}: {
  id: string
  label: string
  required?: boolean
  error?: string | undefined
  className?: string
  children: React.ReactNode
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="font-normal text-muted-foreground">(optional)</span>
        )}
      </Label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  )
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null
  return (
    <p id={errorIdOf(id)} className="font-medium text-destructive text-sm" data-field-error={id}>
      {error}
    </p>
  )
}

/** Summary of what to fix after a blocked submit; role=alert makes screen readers read it out at once. */
export function ErrorSummary({ count, labels }: { count: number; labels: string[] }) {
  if (count === 0) return null
  return (
    <div role="alert" className="rounded-md border border-destructive bg-destructive/5 p-3 text-destructive text-sm">
      <p className="font-semibold">
        Please check {count === 1 ? 'one field' : `${count} fields`}: {labels.join(', ')}.
      </p>
    </div>
  )
}

/** Moves focus to the first control of the form that is marked invalid. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
  first?.focus()
}

/** A labelled one-line input with its inline error. */
export function TextField({
  id,
  label,
  required = false,
  error,
  ...input
}: Omit<React.ComponentProps<typeof Input>, 'id'> & { id: string; label: string; error: string | undefined }) {
  return (
    <FormField id={id} label={label} required={required} error={error}>
      <Input {...fieldA11y(id, error)} required={required} {...input} />
    </FormField>
  )
}
