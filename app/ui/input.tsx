import { cn } from '~/lib/cn'
import { useFieldControl } from '~/ui/field-control'

/** A one-line input; inside a Field it takes the field's id and aria wiring. */
export function Input(own: React.ComponentProps<'input'>) {
  const { className, type = 'text', ...props } = useFieldControl(own)
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors placeholder:text-muted-foreground sm:text-sm',
        'file:me-3 file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/60',
        className,
      )}
      {...props}
    />
  )
}
