import { cn } from '~/lib/cn'

/** A full-width page section with the site's content width and vertical rhythm. */
export function Section({
  className,
  tone = 'plain',
  children,
  ...props
}: React.ComponentProps<'section'> & { tone?: 'plain' | 'muted' | 'brand' }) {
  return (
    <section
      className={cn(
        'py-16 sm:py-20',
        tone === 'muted' && 'bg-muted',
        tone === 'brand' && 'bg-primary text-primary-foreground',
        className,
      )}
      {...props}
    >
      <div className="mx-auto max-w-6xl px-6">{children}</div>
    </section>
  )
}

/** Eyebrow, h2 and a lead paragraph; the h2 carries `id` for the section's aria-labelledby. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
  className,
}: {
  id: string
  eyebrow?: string
  title: string
  lead?: React.ReactNode
  align?: 'center' | 'start'
  className?: string
}) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && <p className="font-semibold text-primary text-sm uppercase tracking-wide">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-balance font-bold text-3xl tracking-tight sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-pretty text-lg text-muted-foreground">{lead}</p>}
    </div>
  )
}
