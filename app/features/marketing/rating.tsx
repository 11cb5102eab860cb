import { formatRating } from '~/content/testimonials'
import { FiveStars } from '~/features/marketing/plain-icons'

/** Five stars filled to the rating, with the number written out (never the stars alone). */
export function Rating({ rating }: { rating: number }) {
  const label = formatRating(rating)
  return (
    <p className="flex items-center gap-2">
      <span className="relative inline-flex" aria-hidden="true">
        <FiveStars className="h-5 w-25 fill-current text-slate-300" />
        <span
          className="absolute inset-0 flex overflow-hidden text-amber-600"
          style={{ width: `${(rating / 5) * 100}%` }}
        >
          <FiveStars className="h-5 w-25 shrink-0 fill-current" />
        </span>
      </span>
      <span className="font-semibold" data-rating={label}>
        {label}
        <span className="sr-only"> out of 5</span>
      </span>
    </p>
  )
}
