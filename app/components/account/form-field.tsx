import { useId } from 'react'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { cn } from '~/lib/cn'

export type FormFieldProps = React.ComponentProps<typeof Input> & {
  label: string
  name: string
  /** The server's (or the browser's) message for this field. */
  error?: string | undefined
  hint?: React.ReactNode
  /** Shown after the input (a strength meter, a link). */
  after?: React.ReactNode
}

/** One labelled input with its hint and error, wired for screen readers (aria-describedby, aria-invalid). */
export function FormField({ label, name, error, hint, after, className, id, ...props }: FormFieldProps) {
  const generated = useId()
  const inputId = id ?? `${name}-${generated}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [hintId, errorId, props['aria-describedby']].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        {...props}
        aria-describedby={describedBy}
      />
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
