import { useId } from 'react'
import { cn } from '~/lib/cn'
import { FieldControlContext } from '~/ui/field-control'
import { Label } from '~/ui/label'

/**
 * The form layer's markup (docs/forms.md): one Field for a labelled control, one FieldSet for a
 * group of them (radios, checkboxes), the form-level messages. Every form of the site uses these;
 * none writes its own label, hint or error markup.
 */

/** One message, or the list a schema found (the first is shown). */
type ErrorProp = string | readonly string[] | undefined

const firstOf = (error: ErrorProp) => (typeof error === 'string' ? error : error?.[0]) || undefined

type MarkProps = {
  /** Marks the label with an asterisk (hidden from screen readers, which hear `required`). */
  required?: boolean | undefined
  /** Adds "(optional)" to the label. */
  optional?: boolean | undefined
}

const asterisk = (
  <span className="ms-1 text-destructive" aria-hidden="true">
    *
  </span>
)
const optionalNote = <span className="font-normal text-muted-foreground"> (optional)</span>

function useWiring(idProp: string | undefined, hint: React.ReactNode, error: string | undefined, extra?: string) {
  const generated = useId()
  const id = idProp ?? generated
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return { id, hintId, errorId, describedBy: [hintId, errorId, extra].filter(Boolean).join(' ') || undefined }
}

/** A hint (muted) or an error (in red) under a control or a group, referenced by its id. */
function Note({ id, error, children }: { id: string | undefined; error?: boolean; children: React.ReactNode }) {
  if (!children) return null
  return (
    <p id={id} className={error ? 'font-medium text-destructive text-sm' : 'text-muted-foreground text-sm'}>
      {children}
    </p>
  )
}

export type FieldProps = MarkProps & {
  label: React.ReactNode
  /** The control's id; generated when not given. Its hint and error are `${id}-hint`, `${id}-error`. */
  id?: string | undefined
  hint?: React.ReactNode
  error?: ErrorProp
  /** Ids of more descriptions of the control (a strength meter). */
  describedBy?: string | undefined
  /** Shown after the control, before the error (a strength meter, a counter). */
  after?: React.ReactNode
  className?: string | undefined
  /** The control: Input, Textarea or Select, which take their id and aria wiring from the field. */
  children: React.ReactNode
}

/** A label, the control, its hint and its error, wired for screen readers (aria-describedby, aria-invalid). */
export function Field({
  label,
  id: idProp,
  hint,
  error: errorProp,
  describedBy: extra,
  after,
  required,
  optional,
  className,
  children,
}: FieldProps) {
  const error = firstOf(errorProp)
  const { id, hintId, errorId, describedBy } = useWiring(idProp, hint, error, extra)
  return (
    <div data-slot="field" className={cn('grid content-start gap-2', className)}>
      {/* The asterisk stays outside the label, so the control's name is the label's words alone. */}
      <div className="flex items-baseline">
        <Label htmlFor={id} className="block leading-normal">
          {label}
          {optional && optionalNote}
        </Label>
        {required && asterisk}
      </div>
      <FieldControlContext value={{ id, invalid: Boolean(error), describedBy, required: Boolean(required) }}>
        {children}
      </FieldControlContext>
      <Note id={hintId}>{hint}</Note>
      {after}
      <Note id={errorId} error>
        {error}
      </Note>
    </div>
  )
}

export type FieldSetProps = MarkProps & {
  legend: React.ReactNode
  id?: string | undefined
  hint?: React.ReactNode
  error?: ErrorProp
  className?: string | undefined
  /** The group's controls (a RadioGroup, checkboxes with their labels). */
  children: React.ReactNode
}

/** A group of controls under one legend, with the group's hint and error. */
export function FieldSet({
  legend,
  id: idProp,
  hint,
  error: errorProp,
  required,
  optional,
  className,
  children,
}: FieldSetProps) {
  const error = firstOf(errorProp)
  const { id, hintId, errorId, describedBy } = useWiring(idProp, hint, error)
  return (
    <fieldset
      id={id}
      data-slot="field-set"
      className={cn('grid gap-3', className)}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 font-medium text-sm">
        {legend}
        {required && asterisk}
        {optional && optionalNote}
      </legend>
      {children}
      <Note id={hintId}>{hint}</Note>
      <Note id={errorId} error>
        {error}
      </Note>
    </fieldset>
  )
}

/**
 * One checkbox or radio with its words beside it (and a hint under them); the whole row is its
 * label, so a press anywhere on it toggles the control.
 */
export function Choice({
  label,
  hint,
  className,
  children,
}: {
  label: React.ReactNode
  hint?: React.ReactNode
  className?: string | undefined
  /** The Checkbox or RadioGroupItem, which takes its id from here. */
  children: React.ReactNode
}) {
  const id = useId()
  return (
    <Label htmlFor={id} data-slot="choice" className={cn('items-start gap-3 font-normal leading-normal', className)}>
      <FieldControlContext value={{ id, invalid: false, describedBy: undefined, required: false }}>
        {children}
      </FieldControlContext>
      {hint ? (
        <span className="grid gap-0.5">
          <span className="font-medium">{label}</span>
          <span className="text-muted-foreground">{hint}</span>
        </span>
      ) : (
        label
      )}
    </Label>
  )
}

/** A form-level message: errors are announced at once, notices politely. */
export function FormMessage({ tone, children }: { tone: 'error' | 'notice' | 'success'; children: React.ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-slot="form-message"
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

/** What to fix after a blocked submit, by label; read out at once (role=alert). Nothing when all is well. */
export function ErrorSummary({ labels }: { labels: readonly string[] }) {
  if (labels.length === 0) return null
  return (
    <FormMessage tone="error">
      <strong>
        Please check {labels.length === 1 ? 'one field' : `${labels.length} fields`}: {labels.join(', ')}.
      </strong>
    </FormMessage>
  )
}

/** Moves focus to the first control of the form that is marked invalid (in a group: its first control). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]:not(fieldset), fieldset[aria-invalid="true"] button')?.focus()
}
