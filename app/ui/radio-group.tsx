import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { cn } from '~/lib/cn'
import { useFieldControl } from '~/ui/field-control'

/**
 * Radios on Radix: one tab stop, arrow keys choose. Given a `name` inside a form, it sends its value
 * like native radios. Put it in a FieldSet (ui/field.tsx), whose legend names the group, and each
 * item in a Choice, which labels it.
 */
export function RadioGroup({ className, ...props }: React.ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root data-slot="radio-group" className={cn('grid gap-3', className)} {...props} />
}

/** One radio; inside a Choice it takes the row's id. */
export function RadioGroupItem(own: React.ComponentProps<typeof RadioGroupPrimitive.Item>) {
  const { className, ...props } = useFieldControl(own)
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        // The circle is 16 px; the ::after extends the hit area to 28 px (WCAG 2.5.8 asks for 24).
        'relative aspect-square size-4 shrink-0 rounded-full border border-input bg-background shadow-xs transition-colors after:absolute after:-inset-1.5 after:content-[""]',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=checked]:border-primary disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator data-slot="radio-group-indicator" className="flex items-center justify-center">
        <span className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  )
}
