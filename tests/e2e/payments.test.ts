import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoClient } from '../../server/accounts/demo-client.server'
import { type BuiltServer, startBuiltServer } from '../setup/built-server'
import { type StripeStandIn, startStripeStandIn } from '../setup/stripe-stand-in'
import { pageFrom, signInThroughPage, uniqueIdentity } from './helpers/accounts'
import { expectAccessible, testBrowser } from './helpers/browser'

// A card payment through the Pay action, on a phone: the demo client opens an unpaid invoice at
// 390 px, pays part of it on the Stripe stand-in's checkout page, and comes back to the receipt.
// The server runs with the stand-in's keys; the stand-in sends its webhook to the server.

const browser = testBrowser()
let server: BuiltServer
let stripe: StripeStandIn

beforeAll(async () => {
  stripe = await startStripeStandIn()
  server = await startBuiltServer('payments', { ...stripe.keys, STRIPE_API_BASE: stripe.url })
  stripe.deliverTo(`${server.baseURL}/api/payments/stripe/webhook`)
}, 180_000)
afterAll(async () => {
  await server?.stop()
  await stripe?.close()
})

describe('paying an invoice online', () => {
  it('the demo client pays part of an invoice by card from a phone and sees it received', async () => {
    const { demoClientPassword } = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8')) as {
      demoClientPassword: string
    }
    const { page } = await pageFrom(browser(), uniqueIdentity('payments').ip, {
      baseURL: server.baseURL,
      viewport: { width: 390, height: 844 },
    })
    await signInThroughPage(page, demoClient.email, demoClientPassword)
    await page.goto('/billing/invoices?status=sent', { waitUntil: 'load' })
    const first = page.locator('a[href^="/billing/invoices/"]').first()
    const href = await first.getAttribute('href')
    expect(href).toMatch(/^\/billing\/invoices\/[0-9a-f-]{36}$/)
    await page.goto(href ?? '', { waitUntil: 'load' })
    const pay = page.getByRole('link', { name: 'Pay', exact: true })
    await pay.waitFor()
    // Nothing is cut off on the right at 390 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    await pay.click()
    await page.getByRole('heading', { name: /^Pay invoice INV-/, level: 1 }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await expectAccessible(page)
    // The provider down: the page says so in words (the action answers 502, never a 500 page), nothing is charged.
    stripe.down(true)
    try {
      await page.getByLabel(/Amount to pay/).fill('25')
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/pay')),
        page.getByRole('button', { name: 'Continue to secure payment' }).click(),
      ])
      expect(answer.status()).toBe(502)
      await page.getByText(/Our payment provider is not answering right now, so nothing was charged/).waitFor()
    } finally {
      stripe.down(false)
    }
    await page.getByLabel(/Amount to pay/).fill('25')
    await Promise.all([
      page.waitForURL(`${stripe.url}/checkout/**`),
      page.getByRole('button', { name: 'Continue to secure payment' }).click(),
    ])
    await page.getByRole('heading', { name: 'Pay $25.00' }).waitFor()
    await Promise.all([
      page.waitForURL(`${server.baseURL}${href}?payment=*`),
      page.getByRole('button', { name: 'Visa ending 4242' }).click(),
    ])
    await page.getByText('Thank you: your payment of $25.00 is received.').waitFor()
    await page.getByText(/\$25\.00 by card, paid online/).waitFor()
  }, 180_000)
})
