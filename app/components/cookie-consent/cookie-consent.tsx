import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { cookieConsentCopy as copy } from '~/content/cookie-consent'
import {
  browserSendsGpc,
  onOpenCookieSettings,
  openCookieSettings,
  readConsentStorage,
  saveConsent,
} from '~/lib/consent/browser'
import {
  BANNER_DELAY_MS,
  bannerNeeded,
  type ConsentAction,
  type ConsentChoices,
  choicesForAction,
  defaultChoices,
  effectiveChoices,
  readSavedConsent,
} from '~/lib/consent/policy'

// The dialog (Radix Dialog, switches) is downloaded when someone opens Cookie Settings, not with the page.
const CookieSettingsDialog = lazy(() =>
  import('./cookie-settings-dialog').then((m) => ({ default: m.CookieSettingsDialog })),
)

type Settings = { open: boolean; opening: number; initial: ConsentChoices; gpc: boolean }

/**
 * The cookie banner and the Cookie Settings dialog, rendered once by the root layout. Nothing is
 * rendered on the server or before hydration: the saved choice lives in the browser only.
 */
export function CookieConsent() {
  const [banner, setBanner] = useState<{ visible: boolean; gpc: boolean }>({ visible: false, gpc: false })
  const [settings, setSettings] = useState<Settings>({ open: false, opening: 0, initial: defaultChoices, gpc: false })
  const opener = useRef<HTMLElement | null>(null)

  useEffect(() => {
    if (!bannerNeeded(readConsentStorage(), new Date())) return
    return afterLoad(BANNER_DELAY_MS, () => setBanner({ visible: true, gpc: browserSendsGpc() }))
  }, [])

  const openSettings = useCallback(() => {
    // Some browsers (Safari) do not focus a clicked button: then there is no opener to return to.
    const active = document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null
    const gpc = browserSendsGpc()
    const saved = readSavedConsent(readConsentStorage().consent, new Date())
    setSettings((current) => ({
      open: true,
      opening: current.opening + 1,
      initial: effectiveChoices(saved, gpc),
      gpc,
    }))
  }, [])
  useEffect(() => onOpenCookieSettings(openSettings), [openSettings])

  const save = (choices: ConsentChoices, action: ConsentAction) => {
    saveConsent(choices, action)
    setBanner((current) => ({ ...current, visible: false }))
    setSettings((current) => ({ ...current, open: false }))
  }
  const choose = (action: 'accept_all' | 'reject_non_essential') => {
    save(choicesForAction(action, browserSendsGpc()), action)
    // The button that had focus disappears with the banner: continue from the page's content.
    focusMain()
  }

  return (
    <>
      {banner.visible && (
        <CookieBanner
          gpc={banner.gpc}
          onSettings={openCookieSettings}
          onReject={() => choose('reject_non_essential')}
          onAccept={() => choose('accept_all')}
        />
      )}
      {settings.opening > 0 && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            key={settings.opening}
            open={settings.open}
            initial={settings.initial}
            gpc={settings.gpc}
            onSave={(choices) => save(choices, 'save_preferences')}
            onCancel={() => setSettings((current) => ({ ...current, open: false }))}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              const target = opener.current
              if (target?.isConnected) target.focus()
              else focusMain()
            }}
          />
        </Suspense>
      )}
    </>
  )
}

type CookieBannerProps = { gpc: boolean; onSettings: () => void; onReject: () => void; onAccept: () => void }

/**
 * A labelled region fixed to the bottom of the window: it never pushes content (no layout shift)
 * and never traps focus. While it shows, the page gets as much room below as the banner is tall,
 * so the end of the page and any focused element can be scrolled clear of it (WCAG 2.4.11).
 */
function CookieBanner({ gpc, onSettings, onReject, onAccept }: CookieBannerProps) {
  const region = useRef<HTMLElement>(null)
  useEffect(() => {
    const element = region.current
    if (!element) return
    const root = document.documentElement.style
    const observer = new ResizeObserver(() => {
      const height = `${element.offsetHeight}px`
      root.paddingBottom = height
      root.scrollPaddingBottom = height
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.paddingBottom = ''
      root.scrollPaddingBottom = ''
    }
  }, [])

  return (
    <section
      ref={region}
      aria-labelledby="cookie-banner-title"
      data-cookie-banner=""
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:p-4"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 rounded-xl border bg-background p-4 shadow-2xl sm:p-5 lg:flex-row lg:items-center lg:justify-between lg:gap-8">
        <div className="max-w-3xl">
          <h2 id="cookie-banner-title" className="font-semibold text-base">
            {copy.banner.title}
          </h2>
          <p className="mt-1.5 text-muted-foreground text-sm leading-relaxed">
            {copy.banner.text}{' '}
            <Link
              to={copy.privacyLink.to}
              className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
            >
              {copy.privacyLink.label}
            </Link>
          </p>
          {gpc && <p className="mt-2 font-medium text-sm">{copy.banner.gpc}</p>}
        </div>
        {/* On a phone the buttons wrap into two rows that fill the width; from sm up, one row. */}
        <div className="flex flex-wrap gap-2 *:grow sm:*:grow-0 lg:shrink-0 lg:flex-nowrap">
          <Button variant="ghost" size="lg" onClick={onSettings}>
            {copy.actions.settings}
          </Button>
          <Button variant="outline" size="lg" onClick={onReject}>
            {copy.actions.reject}
          </Button>
          <Button size="lg" onClick={onAccept}>
            {copy.actions.accept}
          </Button>
        </div>
      </div>
    </section>
  )
}

/** The `Cookie Settings` button for the footer's `cookieSettings` slot, styled like the links beside it. */
export function CookieSettingsButton() {
  return (
    <button
      type="button"
      className="cursor-pointer rounded-sm transition-colors hover:text-footer-foreground hover:underline underline-offset-4"
      onClick={openCookieSettings}
    >
      {copy.actions.settings}
    </button>
  )
}

/** Runs `callback` `delay` ms after the window's load event (at once if that moment has passed). */
function afterLoad(delay: number, callback: () => void): () => void {
  let timer: number | undefined
  const start = () => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const loadedAt = navigation?.loadEventEnd || performance.now()
    timer = window.setTimeout(callback, Math.max(0, delay - (performance.now() - loadedAt)))
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
  return () => {
    window.removeEventListener('load', start)
    window.clearTimeout(timer)
  }
}

function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true })
}
