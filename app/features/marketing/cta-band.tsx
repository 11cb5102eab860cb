import { CalendarCheckIcon, PhoneIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business } from '~/content/business'
import { consultation } from '~/content/pricing'
import { Button } from '~/ui/button'

/** The closing call to action: book the free consultation or call. */
export function CtaBand({
  id = 'cta-title',
  title = 'Ready for IT that just works?',
  text = `Book a free consultation (${consultation.minutes.min}–${consultation.minutes.max} minutes). We will look at how you work today and tell you honestly what we would change, whether or not you hire us.`,
  bookTo = '/book',
  bookLabel = 'Book a free consultation',
}: {
  id?: string
  title?: string
  text?: string
  bookTo?: string
  bookLabel?: string
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-6 py-16 sm:py-20">
      <div className="overflow-hidden rounded-2xl bg-primary px-6 py-12 text-primary-foreground shadow-lg sm:px-12 sm:py-14">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center">
          <div>
            <h2 id={id} className="text-balance font-bold text-3xl tracking-tight">
              {title}
            </h2>
            <p className="mt-4 max-w-2xl text-pretty text-lg text-white/90">{text}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button
              asChild
              size="xl"
              variant="secondary"
              className="bg-white text-secondary-foreground hover:bg-secondary"
            >
              <Link to={bookTo}>
                <CalendarCheckIcon aria-hidden="true" />
                {bookLabel}
              </Link>
            </Button>
            <Button
              asChild
              size="xl"
              variant="outline"
              className="border-white/70 bg-transparent text-white hover:bg-white/10"
            >
              <a href={`tel:${business.phoneE164}`}>
                <PhoneIcon aria-hidden="true" />
                {business.phone}
              </a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  )
}
