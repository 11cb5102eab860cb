import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { COOKIE_BANNER_TEMPLATE_ID } from '../../../app/features/consent/enhance-banner'
import {
  BANNER_DELAY_MS,
  bannerNeeded,
  CONSENT_BANNER_SHOWN_KEY,
  CONSENT_STORAGE_KEY,
} from '../../../app/features/consent/policy'
import { launchChromium } from '../../../scripts/lib/chromium.mjs'

export const baseURL = () => inject('baseURL')

/**
 * Debian's Chromium for the tests of the calling file, or of the describe block it is called in:
 * the e2e suite's one browser (started by its global set-up), connected to before them; elsewhere
 * (the security suite) launched for them (scripts/lib/chromium.mjs: the flags this machine needs).
 * Closed after them: a connection's contexts close with it. Returns the browser, to hand to
 * newPage() inside a test or hook.
 */
export function testBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    const endpoint = inject('chromiumEndpoint')
    browser = endpoint ? await chromium.connect(endpoint) : await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('testBrowser(): Chromium starts in beforeAll; use the browser inside a test or hook')
    return browser
  }
}

export type Visit = { page: Page; status: number; consoleErrors: string[] }

/** Opens a fresh context (axe needs one from browser.newContext()) and records console errors. */
export async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext({ baseURL: baseURL(), ...options })
  await context.addInitScript(recordToasts)
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(String(error)))
  return { context, page, consoleErrors }
}

/**
 * Runs in every page before its own scripts: keeps the text of every toast the page shows in
 * `window.__toastsShown`. A toast closes by itself after 5 s (the spec's duration); on a busy machine
 * the accessibility scan that follows an action can take longer than that, so a test asks what the
 * page showed (expectToast), not only what is still on screen.
 */
function recordToasts() {
  const shown: string[] = []
  const seen = new WeakSet<Element>()
  Object.assign(window, { __toastsShown: shown })
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-slot="toast"]')) {
      if (seen.has(toast) || !toast.textContent) continue
      seen.add(toast)
      shown.push(toast.textContent)
    }
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

/** The texts of the toasts the page has shown since it loaded (recordToasts). */
export function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? [])
}

/** Navigates and waits for hydration, without the accessibility scan (for pages other tests scan, long matrices). */
export async function open(page: Page, path: string): Promise<number> {
  const response = await page.goto(path, { waitUntil: 'load' })
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
  return response?.status() ?? 0
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Navigates, waits for hydration, and checks the page has no WCAG 2.2 AA violations. */
export async function visit(page: Page, path: string): Promise<number> {
  const status = await open(page, path)
  await expectAccessible(page)
  return status
}

export async function expectAccessible(page: Page) {
  await bannerSettled(page)
  // Transitions and opening animations end first: a control caught half-faded (a dialog opening, a
  // button leaving its busy state) fails the contrast rule though the page at rest passes it.
  // Endless ones (a spinner) do not count.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  )
  // axe-core runs in the page itself, its source sent once per document and reused by the checks
  // that follow on it (another width, a dialog opened, errors shown): @axe-core/playwright's builder
  // sent its 650 KB twice for every check. Our pages have no frames from other origins, so checking
  // the top document is checking the page.
  // A toast whose time is up fades out (data-state="closed") while the check reads the page: at rest,
  // and while open, toasts are checked like the rest.
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) {
    await page.evaluate(axeSource)
  }
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }
    const results = await axe.run(
      { exclude: [['[data-slot="toast"][data-state="closed"]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
    )
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // axe's own words on why each node fails (the element that covers a target, the contrast
      // measured): an intermittent failure is then explained by its one report.
      targets: v.nodes.map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()})`),
    }))
  })
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`)
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([])
}

/** The script files the page requests from now on (file names without their hash), for islands checks. */
export function scriptsOf(page: Page): () => string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return
    const file = new URL(request.url()).pathname.split('/').pop() ?? ''
    seen.push(file.replace(/-[\w-]{8}\.js$/, ''))
  })
  return () => [...new Set(seen)]
}

/**
 * The cookie banner arrives 1 s after the load and fades in: a scan started just before it comes
 * would catch it half-faded (a contrast failure the page at rest does not have). When the banner is
 * still to come on this document, wait until it is there (its fade is then an animation, waited for
 * as the others) or its moment has passed.
 */
async function bannerSettled(page: Page) {
  const storage = await page.evaluate(
    ([consentKey, shownKey]) => ({
      consent: localStorage.getItem(consentKey),
      bannerShown: localStorage.getItem(shownKey),
    }),
    [CONSENT_STORAGE_KEY, CONSENT_BANNER_SHOWN_KEY] as const,
  )
  if (!bannerNeeded(storage, new Date())) return
  await page.waitForFunction(
    ({ delay, templateId }) => {
      if (document.querySelector('[data-cookie-banner]') || !document.getElementById(templateId)) return true
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      return (
        navigation !== undefined &&
        navigation.loadEventEnd > 0 &&
        performance.now() - navigation.loadEventEnd > delay + 200
      )
    },
    { delay: BANNER_DELAY_MS, templateId: COOKIE_BANNER_TEMPLATE_ID },
  )
}
