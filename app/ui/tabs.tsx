import { Tabs as TabsPrimitive } from 'radix-ui'
import { cn } from '~/lib/cn'

/** Tabs on Radix: arrow keys move between tabs, each panel is labelled by its tab. */
export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn('grid gap-2', className)} {...props} />
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn('inline-flex w-fit items-center gap-1 rounded-md bg-muted p-1', className)}
      {...props}
    />
  )
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        'min-h-9 rounded px-3 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground',
        'focus-visible:outline-2 focus-visible:outline-ring',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  )
}

/**
 * A tab's panel. A panel that holds form fields passes `forceMount`: it stays in the page while
 * hidden, so its fields are still sent with the form.
 */
export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn('focus-visible:outline-2 focus-visible:outline-ring data-[state=inactive]:hidden', className)}
      {...props}
    />
  )
}
