import { BadgeDollarSignIcon, HandshakeIcon, MapPinIcon, ShieldCheckIcon } from 'lucide-react'
import { type Reason, whyChooseUsReasons } from '~/content/why-choose-us'

const reasonIcons: Record<Reason['key'], typeof MapPinIcon> = {
  local: MapPinIcon,
  pricing: BadgeDollarSignIcon,
  security: ShieldCheckIcon,
  experience: HandshakeIcon,
}

/** The four "why choose us" reasons as cards (home page and town pages, each with its own radius). */
export function ReasonList({ radiusMiles }: { radiusMiles?: number }) {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2">
      {whyChooseUsReasons(radiusMiles).map((reason) => {
        const Icon = reasonIcons[reason.key]
        return (
          <li
            key={reason.key}
            className="flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-xs sm:flex-row sm:gap-5 sm:p-8"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-lg">{reason.title}</h3>
              <p className="mt-2 text-muted-foreground leading-relaxed">{reason.description}</p>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
