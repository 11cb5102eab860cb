import { CheckIcon } from 'lucide-react'
import { Checkbox as CheckboxPrimitive } from 'radix-ui'
import { cn } from '~/lib/cn'
import { useFieldControl } from '~/ui/field-control'

/** A checkbox on Radix; inside a Choice it takes the row's id. */
export function Checkbox(own: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  const { className, ...props } = useFieldControl(own)
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        // The box is 20 px; the ::after extends the hit area to 32 px (WCAG 2.5.8 asks for 24).
        'peer relative size-5 shrink-0 rounded-[5px] border border-input bg-background shadow-xs transition-colors after:absolute after:-inset-1.5 after:content-[""]',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator data-slot="checkbox-indicator" className="flex items-center justify-center">
        <CheckIcon className="size-4" strokeWidth={3} aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  )
}
