import { cn } from '~/lib/cn'

/**
 * A label. Native rather than Radix's, which adds only the handler below and, with its base
 * primitive, half a kilobyte to the islands forms (docs/forms.md): a double click on the words
 * does not select them, and presses on a control inside the label are left alone.
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller associates it (htmlFor, or a control inside).
    <label
      data-slot="label"
      className={cn(
        'flex select-none items-center gap-2 font-medium text-foreground text-sm leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60 group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-60',
        className,
      )}
      onMouseDown={(event) => {
        if ((event.target as Element).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
      {...props}
    />
  )
}
