import { StarIcon } from 'lucide-react'
import { formatRating } from '~/content/testimonials'

const stars = [0, 1, 2, 3, 4]

/** Five stars filled to the rating, with the number written out (never the stars alone). */
export function Rating({ rating }: { rating: number }) {
  const label = formatRating(rating)
  return (
    <p className="flex items-center gap-2">
      <span className="relative inline-flex" aria-hidden="true">
        <span className="flex text-slate-300">
          {stars.map((i) => (
            <StarIcon key={i} className="size-5 fill-current" />
          ))}
        </span>
        <span
          className="absolute inset-0 flex overflow-hidden text-amber-600"
          style={{ width: `${(rating / 5) * 100}%` }}
        >
          {stars.map((i) => (
            <StarIcon key={i} className="size-5 shrink-0 fill-current" />
          ))}
        </span>
      </span>
      <span className="font-semibold" data-rating={label}>
        {label}
        <span className="sr-only"> out of 5</span>
      </span>
    </p>
  )
}
