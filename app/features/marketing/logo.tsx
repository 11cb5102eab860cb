import { cn } from '~/lib/cn'

/** The brand mark (same drawing as /favicon.svg), decorative: the link around it carries the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-9 shrink-0', className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path
        d="M9 23V9h7.2c3.2 0 5.3 1.8 5.3 4.6 0 2.1-1.2 3.6-3.1 4.2L22 23h-3.6l-3.1-4.8H12.2V23zm3.2-7.6h3.8c1.4 0 2.3-.7 2.3-1.8s-.9-1.8-2.3-1.8h-3.8z"
        fill="#fff"
      />
    </svg>
  )
}
