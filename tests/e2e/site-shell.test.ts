import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { pageFrom, signInAdmin, uniqueIdentity } from './helpers/accounts'
import { baseURL, newPage, open, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

describe('a visitor opens the site', () => {
  it('renders the home page on the server and hydrates it without errors', async () => {
    const { page, consoleErrors, context } = await newPage(browser())
    // Its accessibility is checked with every marketing page (marketing-pages).
    const status = await open(page, '/')
    expect(status).toBe(200)
    await expect(page.title()).resolves.toMatch(/Ramapo IT Services/)
    expect(await page.locator('h1').count()).toBe(1)
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(canonical).toBe(`${baseURL()}/`)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US')
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('paints the server-rendered page before it asks for any script', async () => {
    const { page, consoleErrors, context } = await newPage(browser())
    await open(page, '/')
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    }))
    expect(timing.paint).not.toBeNull()
    expect(timing.scripts.length).toBeGreaterThan(0)
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint ?? Number.POSITIVE_INFINITY)
    const html = await (await fetch(`${baseURL()}/`)).text()
    expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/)
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('gets a 404 page with a link home for an unknown path, and at /404', async () => {
    const { page, context } = await newPage(browser())
    for (const path of ['/no-such-page/at-all', '/404']) {
      // The same page twice: its accessibility is checked once.
      const status = path === '/404' ? await open(page, path) : await visit(page, path)
      expect(status).toBe(404)
      await expect(page.locator('h1').textContent()).resolves.toMatch(/not found/i)
      const home = page.getByRole('link', { name: /home page/i })
      expect(await home.getAttribute('href')).toBe('/')
    }
    await page.getByRole('link', { name: /home page/i }).click()
    await page.waitForURL(`${baseURL()}/`)
    await context.close()
  })
})

describe('the server contract', () => {
  it('answers /healthz with {"status":"ok"}', async () => {
    const res = await fetch(`${baseURL()}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('sends the security headers with every page, with a fresh CSP nonce per response', async () => {
    const first = await fetch(`${baseURL()}/`)
    const second = await fetch(`${baseURL()}/`)
    const csp = first.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toBe(second.headers.get('content-security-policy'))
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(first.headers.get('permissions-policy')).toContain('camera=()')
    // served over plain http here: no HSTS
    expect(first.headers.get('strict-transport-security')).toBeNull()
    const html = await first.text()
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '')
    expect(scripts.length).toBeGreaterThan(0)
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`)
  })

  it('serves hashed assets compressed and cached immutably', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text()
    // The page's modules are listed in the inline script that starts them (app/lib/app-loader-script.ts).
    // The page's largest module: tiny ones (under 512 bytes) are not worth compressing (scripts/precompress.mjs).
    const listed = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '')
    expect(listed.length).toBeGreaterThan(0)
    const sizes = await Promise.all(
      listed.map(async (path) => (await (await fetch(`${baseURL()}${path}`)).arrayBuffer()).byteLength),
    )
    const asset = listed[sizes.indexOf(Math.max(...sizes))]
    expect(Math.max(...sizes)).toBeGreaterThan(512)
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${baseURL()}${asset}`, { headers: { 'accept-encoding': encoding } })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('content-encoding')).toBe(encoding)
    }
    const missing = await fetch(`${baseURL()}/assets/does-not-exist-123.js`)
    expect(missing.status).toBe(404)
  })

  it('compresses HTML pages with gzip', async () => {
    // What browsers send: hono's compress() offers gzip and deflate, and prefers gzip.
    const browser = await fetch(`${baseURL()}/`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(browser.headers.get('content-encoding')).toBe('gzip')
    expect(browser.headers.get('vary')).toMatch(/accept-encoding/i)
    const gz = await fetch(`${baseURL()}/`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(await gz.text()).toContain('<!DOCTYPE html>')
  })

  it('answers unknown API paths with JSON, never the HTML page', async () => {
    const res = await fetch(`${baseURL()}/api/nothing-here`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toHaveProperty('error')
  })
})

/** Every item of the header's bar keeps its one line, and nothing is wider than the screen, at each desktop width. */
async function expectHeaderOnOneLine(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const width of [768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 })
    // A wrapped label grows taller than its box.
    const wrapped = await nav.evaluate((element) =>
      Array.from(element.querySelectorAll('a, button'))
        .filter((item) => item.getClientRects().length > 0 && item.scrollHeight > item.clientHeight + 1)
        .map((item) => item.textContent?.trim()),
    )
    expect(wrapped, `${width} px`).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0)
  }
}

describe('the header', () => {
  it('fits on one line at every desktop width, for a visitor and for a signed-in admin', async () => {
    const { page, context, consoleErrors } = await pageFrom(browser(), uniqueIdentity('header').ip)
    await open(page, '/')
    await expectHeaderOnOneLine(page)
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInAdmin(page)
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
    // Staff pages have the back office's frame; the site's header is on the public pages.
    await visit(page, '/')
    await expectHeaderOnOneLine(page)
    // The account links keep their names for screen readers where only their icons show.
    const nav = page.getByRole('navigation', { name: 'Main' })
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).isVisible()).toBe(true)
    expect(await nav.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true)
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
