import { AlarmClockIcon, InboxIcon, SmileIcon, TimerIcon } from 'lucide-react'
import { Link } from 'react-router'

/** The admin overview's support counts (server/support/targets.server.ts, `supportOverview`). */
export type SupportOverviewCounts = { new: number; dueSoon: number; breached: number; rated: number; good: number }

/** "12 of 14 rated good" as a share, or a dash when nobody rated this month. */
export function satisfactionText(counts: Pick<SupportOverviewCounts, 'rated' | 'good'>): string {
  return counts.rated === 0 ? '—' : `${Math.round((counts.good / counts.rated) * 100)}%`
}

/**
 * The support card of the admin overview (/admin): new tickets, targets due within the hour,
 * targets missed, and this month's satisfaction. Each count opens the queue with that filter.
 */
export function SupportTargetsOverview({ counts }: { counts: SupportOverviewCounts }) {
  const items = [
    {
      key: 'new',
      label: 'New tickets',
      value: String(counts.new),
      note: 'Nobody has picked these up',
      to: '/employee/tickets?status=new',
      Icon: InboxIcon,
    },
    {
      key: 'due-soon',
      label: 'Due soon',
      value: String(counts.dueSoon),
      note: 'A target is missed within an hour of business time',
      to: '/employee/tickets?target=due_soon',
      Icon: TimerIcon,
    },
    {
      key: 'breached',
      label: 'Targets missed',
      value: String(counts.breached),
      note: 'Open tickets past a target',
      to: '/employee/tickets?target=breached',
      Icon: AlarmClockIcon,
    },
    {
      key: 'satisfaction',
      label: 'Satisfaction this month',
      value: satisfactionText(counts),
      note: counts.rated === 0 ? 'No ratings yet this month' : `${counts.good} of ${counts.rated} rated good`,
      to: null,
      Icon: SmileIcon,
    },
  ]
  return (
    <section aria-labelledby="support-targets-title" className="grid gap-3">
      <h2 id="support-targets-title" className="font-semibold text-xl">
        Support tickets
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {items.map(({ key, label, value, note, to, Icon }) => {
          const body = (
            <>
              <span className="flex items-center gap-2 text-muted-foreground text-sm">
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </span>
              <span className="font-bold text-3xl tabular-nums">{value}</span>
              <span className="text-muted-foreground text-sm">{note}</span>
            </>
          )
          return (
            <li key={key}>
              {to ? (
                <Link
                  to={to}
                  className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary"
                >
                  {body}
                </Link>
              ) : (
                <div className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">{body}</div>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
