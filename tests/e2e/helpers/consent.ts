import type { BrowserContext, Page } from 'playwright-core'
import {
  CONSENT_BANNER_SHOWN_KEY,
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
} from '../../../app/features/consent/policy'

/**
 * Helpers for pages with the cookie banner. Other journeys that would rather not meet the banner
 * can call `saveConsentBeforeLoad(context, { analytics: false, marketing: false })` first.
 */

/** window.dataLayer with gtag()'s Arguments objects turned into arrays. */
export function readDataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  )
}

export function readConsentKeys(page: Page): Promise<{ consent: unknown; bannerShown: string | null }> {
  return page.evaluate(
    ([consentKey, shownKey]) => {
      const consent = localStorage.getItem(consentKey)
      return { consent: consent === null ? null : JSON.parse(consent), bannerShown: localStorage.getItem(shownKey) }
    },
    [CONSENT_STORAGE_KEY, CONSENT_BANNER_SHOWN_KEY] as const,
  )
}

/**
 * Puts a saved choice in localStorage before the site's scripts run, unless one is there already
 * (so a choice the page saves survives reloads). `stored` overrides any field of the saved value.
 */
export async function saveConsentBeforeLoad(
  context: BrowserContext,
  choices: { analytics: boolean; marketing: boolean },
  options: { stored?: Record<string, unknown>; bannerShown?: string } = {},
): Promise<void> {
  const value = JSON.stringify({
    necessary: true,
    ...choices,
    version: CONSENT_POLICY_VERSION,
    savedAt: new Date().toISOString(),
    consentId: '0b8f6a52-5a3c-4f7e-9d21-6c1e2f3a4b5c',
    gpc: false,
    ...options.stored,
  })
  await context.addInitScript(
    ([consentKey, shownKey, consent, shown]) => {
      if (localStorage.getItem(consentKey) !== null) return
      localStorage.setItem(consentKey, consent)
      localStorage.setItem(shownKey, shown)
    },
    [
      CONSENT_STORAGE_KEY,
      CONSENT_BANNER_SHOWN_KEY,
      value,
      options.bannerShown ?? String(CONSENT_POLICY_VERSION),
    ] as const,
  )
}

/** Makes the browser send Global Privacy Control (navigator.globalPrivacyControl === true). */
export async function sendGlobalPrivacyControl(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true })
  })
}

/** Milliseconds since the page's load event ended (the banner's clock). */
export function msSinceLoad(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    return performance.now() - (navigation?.loadEventEnd ?? 0)
  })
}

/** Waits until `ms` have passed since the page's load event. */
export async function waitSinceLoad(page: Page, ms: number): Promise<void> {
  await page.waitForFunction((target) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    return Boolean(navigation?.loadEventEnd) && performance.now() - (navigation?.loadEventEnd ?? 0) >= target
  }, ms)
}
