import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage } from './helpers/browser'
import { readDataLayer } from './helpers/consent'

const gtmId = 'GTM-E2E1234'
let browser: Browser
let server: ChildProcess | undefined
let dataDir: string
let origin: string

// The suite's shared server runs without GTM_ID; this file starts a second one with it.
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-gtm-'))
  let output = ''
  server = spawn(process.execPath, ['server.js'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      GTM_ID: gtmId,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (d) => {
    output += String(d)
  })
  server.stderr?.on('data', (d) => {
    output += String(d)
  })
  const deadline = Date.now() + 60_000
  while (!/"port":(\d+)[^\n]*listening on/.test(output)) {
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`server with GTM_ID did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  origin = `http://127.0.0.1:${/"port":(\d+)[^\n]*listening on/.exec(output)?.[1]}`
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('with GTM_ID', () => {
  it('loads the Tag Manager container after the consent default, with the CSP nonce', async () => {
    const { page, context, consoleErrors } = await newPage(browser, { baseURL: origin })
    // The outside world stays outside: Google's script is replaced by one that reports what it saw.
    const fetched: string[] = []
    await context.route('https://www.googletagmanager.com/**', (route) => {
      fetched.push(route.request().url())
      return route.fulfill({
        contentType: 'application/javascript',
        body: 'window.containerSaw = window.dataLayer.map(function (e) { return Array.prototype.slice.call(e).length ? Array.prototype.slice.call(e) : e })',
      })
    })
    const response = await page.goto('/', { waitUntil: 'load' })
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.waitForFunction(() => 'containerSaw' in window)

    const csp = (await response?.allHeaders())?.['content-security-policy'] ?? ''
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com/)
    expect(csp).toMatch(/connect-src 'self' https:\/\/www\.googletagmanager\.com/)
    expect(csp).toMatch(/img-src 'self' data: https:\/\/www\.googletagmanager\.com/)
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]

    expect(fetched).toEqual([`https://www.googletagmanager.com/gtm.js?id=${gtmId}`])
    const script = page.locator('script[src^="https://www.googletagmanager.com/"]')
    expect(await script.count()).toBe(1)
    expect(await script.evaluate((el) => (el as HTMLScriptElement).nonce)).toBe(nonce)
    expect(await script.evaluate((el) => (el as HTMLScriptElement).async)).toBe(true)

    // When the container ran, the consent default was already first, followed by its start event.
    const saw = (await page.evaluate(() => (window as unknown as { containerSaw: unknown[] }).containerSaw)) ?? []
    expect(saw[0]).toEqual([
      'consent',
      'default',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ])
    expect(saw[1]).toMatchObject({ event: 'gtm.js' })
    expect((await readDataLayer(page))[0]).toEqual(saw[0])
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
