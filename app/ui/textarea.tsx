import { cn } from '~/lib/cn'
import { useFieldControl } from '~/ui/field-control'

/** A multi-line input; inside a Field it takes the field's id and aria wiring. */
export function Textarea(own: React.ComponentProps<'textarea'>) {
  const { className, ...props } = useFieldControl(own)
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex field-sizing-content min-h-28 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors placeholder:text-muted-foreground sm:text-sm',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/60',
        className,
      )}
      {...props}
    />
  )
}
