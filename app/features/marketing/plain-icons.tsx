/**
 * The three icons the home page repeats most (48 check marks, 30 stars, 13 arrows), as plain
 * SVG: the same drawings as Lucide's Check, Star and ArrowRight, without Lucide's two component
 * layers per icon, which React has to build and hydrate for every one of them
 * (docs/frontend-performance.md). Decorative: always hidden from assistive technology.
 */
type IconProps = { className?: string }

const strokeProps = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

export function CheckMark({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} {...strokeProps}>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  )
}

export function ArrowRight({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} {...strokeProps}>
      <path d="M5 12h14m-7-7 7 7-7 7" />
    </svg>
  )
}

const star =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z'
const fivePlaces = [0, 24, 48, 72, 96]

/** Five filled stars side by side in one SVG (Lucide's Star, 24 units apart). */
export function FiveStars({ className }: IconProps) {
  return (
    <svg viewBox="0 0 120 24" aria-hidden="true" focusable="false" className={className} {...strokeProps}>
      {fivePlaces.map((x) => (
        <path key={x} d={star} transform={x ? `translate(${x})` : undefined} />
      ))}
    </svg>
  )
}
