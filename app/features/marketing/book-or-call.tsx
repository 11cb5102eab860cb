import { CalendarCheckIcon, PhoneIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business } from '~/content/business'
import { Button } from '~/ui/button'

/** The pair of actions under an inner page's hero: book the free consultation, or call. */
export function BookOrCall({ to = '/book', label = 'Book a free consultation' }: { to?: string; label?: string }) {
  return (
    <>
      <Button asChild size="xl">
        <Link to={to}>
          <CalendarCheckIcon aria-hidden="true" />
          {label}
        </Link>
      </Button>
      <Button asChild size="xl" variant="outline">
        <a href={`tel:${business.phoneE164}`}>
          <PhoneIcon aria-hidden="true" />
          Call {business.phone}
        </a>
      </Button>
    </>
  )
}
