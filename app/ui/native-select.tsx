import { cn } from '~/lib/cn'
import { useFieldControl } from './field-control'

/**
 * The browser's own select, styled like Input and wired by its Field (label, hint, error). For
 * short fixed choices in forms that must work before the page's JavaScript runs (a GET filter,
 * the town editor's state); Select (Radix) is for the rest.
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  const wired = useFieldControl(props)
  return (
    <select
      data-slot="native-select"
      className={cn(
        'h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...wired}
    />
  )
}
