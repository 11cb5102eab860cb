import { SlidersHorizontalIcon } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { cn } from '~/lib/cn'
import { Button } from '~/ui/button'

/**
 * A list's filters folded behind a "Filters" button on a phone, so the first screen shows the
 * list itself (a technician on site opens the queue first); open on wider screens, where the
 * button is not shown. The filters stay in the page (folded, not removed), so the GET form keeps
 * submitting the address's filters; the button says how many are applied.
 */
export function FiltersDisclosure({
  children,
  notFilters = [],
  className,
}: {
  children: ReactNode
  /** Parameters that are not filters (besides page, sort and dir), not counted on the button. */
  notFilters?: readonly string[]
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const [params] = useSearchParams()
  const panelId = useId()
  const ignored = ['page', 'sort', 'dir', ...notFilters]
  const applied = new Set(
    [...params.entries()]
      .filter(([name, value]) => !ignored.includes(name) && value !== '' && value !== 'all')
      .map(([n]) => n),
  ).size
  return (
    <div data-slot="filters-disclosure" className={cn('grid gap-3', className)}>
      <Button
        variant="outline"
        size="lg"
        className="justify-self-start sm:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <SlidersHorizontalIcon aria-hidden="true" />
        Filters
        {applied > 0 && <span className="font-normal text-muted-foreground">({applied} applied)</span>}
      </Button>
      <div id={panelId} className={cn(!open && 'max-sm:hidden')}>
        {children}
      </div>
    </div>
  )
}
