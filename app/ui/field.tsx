import { useId } from 'react'
import { cn } from '~/lib/cn'
import { Input } from '~/ui/input'
import { Label } from '~/ui/label'
import { Textarea } from '~/ui/textarea'

export type FormFieldProps = React.ComponentProps<typeof Input> & {
  label: string
  name: string
  /** The server's (or the browser's) message for this field. */
  error?: string | undefined
  hint?: React.ReactNode
  /** Shown after the input (a strength meter, a link). */
  after?: React.ReactNode
}

type FieldFrameProps = {
  label: string
  name: string
  /** The server's (or the browser's) message for this field. */
  error?: string | undefined
  hint?: React.ReactNode
  /** Shown after the control (a strength meter, a link). */
  after?: React.ReactNode
  id?: string | undefined
  className?: string | undefined
  describedBy?: string | undefined
  /** The control itself, given its id, aria-invalid and aria-describedby. */
  control: (wiring: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode
}

/** The label, hint and error around one form control, wired for screen readers. */
function FieldFrame({ label, name, error, hint, after, id, className, describedBy, control }: FieldFrameProps) {
  const generated = useId()
  const inputId = id ?? `${name}-${generated}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const ariaDescribedBy = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      {control({
        id: inputId,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(ariaDescribedBy ? { 'aria-describedby': ariaDescribedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </p>
      )}
      {after}
      {error && (
        <p id={errorId} className="font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  )
}

/** One labelled input with its hint and error, wired for screen readers (aria-describedby, aria-invalid). */
export function FormField({ label, name, error, hint, after, className, id, ...props }: FormFieldProps) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, after, id, className }}
      describedBy={props['aria-describedby']}
      control={(wiring) => <Input name={name} {...props} {...wiring} />}
    />
  )
}

export type TextareaFieldProps = React.ComponentProps<typeof Textarea> & {
  label: string
  name: string
  error?: string | undefined
  hint?: React.ReactNode
}

/** The same for a multi-line text. */
export function TextareaField({ label, name, error, hint, className, id, ...props }: TextareaFieldProps) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, id, className }}
      describedBy={props['aria-describedby']}
      control={(wiring) => <Textarea name={name} {...props} {...wiring} />}
    />
  )
}

/** A form-level message: errors are announced at once, notices politely. */
export function FormMessage({ tone, children }: { tone: 'error' | 'notice' | 'success'; children: React.ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-4 py-3 text-sm',
        tone === 'error' && 'border-destructive/40 bg-destructive/5 text-destructive',
        tone === 'notice' && 'border-primary/30 bg-secondary text-secondary-foreground',
        tone === 'success' && 'border-success/40 bg-success/5 text-success',
      )}
    >
      {children}
    </div>
  )
}
