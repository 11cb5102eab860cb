import { cookieConsentCopy as copy } from '~/content/cookie-consent'
import { COOKIE_BANNER_TEMPLATE_ID } from '~/features/consent/enhance-banner'
import { buttonVariants } from '~/ui/button'

/**
 * Markup of the cookie banner and of the Cookie Settings buttons. The behaviour is plain
 * JavaScript (features/consent/enhance-banner.ts) that works on every page, with or without the app's
 * JavaScript: it shows a copy of the banner 1 s after load when no valid choice is saved, and opens
 * the dialog (islands/cookie-settings.tsx, React, loaded on use).
 */

/**
 * A labelled region fixed to the bottom of the window: it never pushes content (no layout shift)
 * and never traps focus. While it shows, the page gets as much room below as the banner is tall,
 * so the end of the page and any focused element can be scrolled clear of it (WCAG 2.4.11).
 * Rendered once on the server into a <template> (root.tsx); the GPC line is shown only when the
 * browser sends Global Privacy Control.
 */
export function CookieBanner() {
  return (
    // It fades in (150 ms) from the moment it is inserted, 1 s after load: a first frame painted
    // transparent is not a contentful paint, so a page's largest paint stays its own content, not
    // this banner's paragraph (/auth on a phone, docs/frontend-performance.md).
    <section
      aria-labelledby="cookie-banner-title"
      data-cookie-banner=""
      className="fixed inset-x-0 bottom-0 z-40 animate-fade-in p-3 sm:p-4"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 rounded-xl border bg-background p-4 shadow-2xl sm:p-5 lg:flex-row lg:items-center lg:justify-between lg:gap-8">
        <div className="max-w-3xl">
          <h2 id="cookie-banner-title" className="font-semibold text-base">
            {copy.banner.title}
          </h2>
          <p className="mt-1.5 text-muted-foreground text-sm leading-relaxed">
            {copy.banner.text}{' '}
            <a
              href={copy.privacyLink.to}
              className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
            >
              {copy.privacyLink.label}
            </a>
          </p>
          <p data-gpc-note="" hidden className="mt-2 font-medium text-sm">
            {copy.banner.gpc}
          </p>
        </div>
        {/* On a phone the buttons wrap into two rows that fill the width; from sm up, one row. */}
        <div className="flex flex-wrap gap-2 *:grow sm:*:grow-0 lg:shrink-0 lg:flex-nowrap">
          <button type="button" data-cookie-settings="" className={buttonVariants({ variant: 'ghost', size: 'lg' })}>
            {copy.actions.settings}
          </button>
          <button
            type="button"
            data-consent-action="reject_non_essential"
            className={buttonVariants({ variant: 'outline', size: 'lg' })}
          >
            {copy.actions.reject}
          </button>
          <button type="button" data-consent-action="accept_all" className={buttonVariants({ size: 'lg' })}>
            {copy.actions.accept}
          </button>
        </div>
      </div>
    </section>
  )
}

/**
 * The banner's <template>: `html` is the banner rendered to static markup on the server
 * (cookie-consent/banner-markup.server.tsx), the same string on every page.
 */
export function CookieBannerTemplate({ html }: { html: string }) {
  return (
    <template
      id={COOKIE_BANNER_TEMPLATE_ID}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own component rendered on the server, no visitor input.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

/**
 * The `Cookie Settings` button: by default for the footer's `cookieSettings` slot, styled like the
 * links beside it; `className` styles it for another place (the back office's sidebar). The
 * document's click listener (enhance-banner.ts) opens the dialog.
 */
export function CookieSettingsButton({
  className = 'cursor-pointer rounded-sm transition-colors hover:text-footer-foreground hover:underline underline-offset-4',
}: {
  className?: string
}) {
  return (
    <button type="button" data-cookie-settings="" className={className}>
      {copy.actions.settings}
    </button>
  )
}
