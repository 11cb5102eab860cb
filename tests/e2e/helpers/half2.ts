import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { COOKIE_BANNER_TEMPLATE_ID } from '../../../app/features/consent/enhance-banner'
import {
  BANNER_DELAY_MS,
  bannerNeeded,
  CONSENT_BANNER_SHOWN_KEY,
  CONSENT_STORAGE_KEY,
} from '../../../app/features/consent/policy'
import { addSessionCookie, adminCredentials } from './accounts'
import { open } from './browser'

/**
 * The seeded admin's session (the global set-up's, second factor included) put into the page's
 * context, without opening a page: for tests that go straight to the page they are about.
 * signInAdmin does the same and also opens the Admin Dashboard, a page load such a test would not use.
 */
export async function addAdminSession(page: Page) {
  await addSessionCookie(page.context(), adminCredentials().cookie)
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The same check as expectAccessible (./browser): the same WCAG 2.2 AA rules, the same page at rest
 * (the cookie banner settled, transitions and opening animations ended, closed toasts left out),
 * with axe-core run in the page itself. The difference is the work around it: AxeBuilder sends
 * axe-core's 650 KB source into the page twice for every check; here it is sent once per document
 * and reused by the checks that follow on it (another width, a dialog opened, errors shown).
 */
export async function expectAccessibleState(page: Page) {
  await bannerSettled(page)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  )
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
      targets: v.nodes.map((n) => n.target.join(' ')),
    }))
  })
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`)
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([])
}

/** As bannerSettled in ./browser: wait for a banner still to come on this document, or its moment to pass. */
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

/** As visit (./browser): navigates, waits for hydration, and checks the page (expectAccessibleState). */
export async function visitAccessible(page: Page, path: string): Promise<number> {
  const status = await open(page, path)
  await expectAccessibleState(page)
  return status
}
