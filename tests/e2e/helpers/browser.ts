import AxeBuilder from '@axe-core/playwright'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'

export const baseURL = () => inject('baseURL')

/** Debian's Chromium, started the way this machine allows (no sandbox as root, no background network). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

export type Visit = { page: Page; status: number; consoleErrors: string[] }

/** Opens a fresh context (axe needs one from browser.newContext()) and records console errors. */
export async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext({ baseURL: baseURL(), ...options })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(String(error)))
  return { context, page, consoleErrors }
}

/** Navigates, waits for hydration, and checks the page has no WCAG 2.2 AA violations. */
export async function visit(page: Page, path: string): Promise<number> {
  const response = await page.goto(path, { waitUntil: 'load' })
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
  await expectAccessible(page)
  return response?.status() ?? 0
}

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
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
