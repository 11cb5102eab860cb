import type { ReactNode } from 'react'
import { type ContractEventKind, eventLabels } from './states'

/**
 * A contract's history: every event (created, sent, viewed, signed…) with who, when and from
 * which IP, as the client's and the staff's pages show it. Staff also read each person's e-mail
 * and, as `children`, what else the record holds (the signer's browser, the PDFs issued).
 */
export function ContractTrail({
  events,
  note,
  children,
}: {
  events: ReadonlyArray<{
    id: string
    kind: ContractEventKind
    name: string
    email?: string
    at: string
    ip: string | null
  }>
  note?: string
  children?: ReactNode
}) {
  return (
    <section aria-labelledby="trail-title" className="grid gap-3">
      <h2 id="trail-title" className="font-semibold text-xl">
        History
      </h2>
      {note && <p className="text-muted-foreground text-sm">{note}</p>}
      <ol className="grid gap-2 text-sm">
        {events.map((event) => (
          <li key={event.id} className="rounded-lg border bg-card p-3">
            <span className="font-semibold">{eventLabels[event.kind]}</span> by {event.name}
            {event.email ? ` (${event.email})` : ''}, {event.at}
            {event.ip ? ` · IP ${event.ip}` : ''}
          </li>
        ))}
      </ol>
      {children}
    </section>
  )
}
