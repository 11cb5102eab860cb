import { describe, expect, it } from 'vitest'
import { businessDate } from '../../app/lib/business-time.ts'
import {
  adminSessionCookie,
  appErrors,
  expectToast,
  pageFrom,
  uniqueIdentity,
  verifiedAccountOverHttp,
} from './helpers/accounts'
import { baseURL, expectAccessible, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

/** Nothing on the page is wider than the phone's screen. */
const overflow = () => document.documentElement.scrollWidth - document.documentElement.clientWidth

describe('an admin manages subscriptions on a phone', () => {
  it('starts one for a client, changes its users and pauses it, at 390 px with nothing cut off', async () => {
    const ip = uniqueIdentity('subscriptions').ip
    const name = `Sub Client ${Date.now().toString(36)}`
    await verifiedAccountOverHttp(`${name.replaceAll(' ', '.').toLowerCase()}@example.com`, ip, name)
    const cookie = await adminSessionCookie(ip)
    const { page, context, consoleErrors } = await pageFrom(browser(), ip)
    const url = new URL(baseURL())
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=')
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/' }
      }),
    )
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await visit(page, '/admin/subscriptions')).toBe(200)
    await page.waitForSelector('html[data-hydrated="true"]')
    expect(await page.evaluate(overflow)).toBe(0)

    // A wrong form is answered beside its fields.
    await page.getByLabel('Organisation').selectOption({ label: name })
    await page.getByLabel('Plan').selectOption('subscription')
    await page.getByLabel('Monthly price').fill('120')
    await page.getByRole('button', { name: 'Start subscription' }).click()
    await page.getByText('Choose a monthly price from $29.00 to $99.00.').first().waitFor()

    await page.getByLabel('Plan').selectOption('basic')
    await page.getByLabel('Users').fill('12')
    await page.getByLabel('Monthly price').fill('')
    await page.getByLabel('Start date').fill(businessDate(new Date()))
    await page.getByLabel('Billing day').fill('1')
    await page.getByRole('button', { name: 'Start subscription' }).click()
    await page.getByRole('heading', { name: `${name}: Basic Support`, level: 1 }).waitFor()
    await expectAccessible(page)
    expect(await page.evaluate(overflow)).toBe(0)

    await page.getByLabel('Users', { exact: true }).fill('15')
    await page.getByRole('button', { name: 'Save users' }).click()
    await expectToast(page, 'Subscription changed')
    await page.locator('dd', { hasText: /^15$/ }).waitFor()

    await page.getByRole('button', { name: 'Pause' }).click()
    await expectToast(page, 'Subscription changed', 'Paused')
    await page.getByRole('button', { name: 'Resume' }).waitFor()

    // Staff see the monthly run's section on the sync-status page.
    expect(await visit(page, '/admin/sync-status')).toBe(200)
    await page.getByRole('heading', { name: 'Monthly subscription invoices: last runs', level: 2 }).waitFor()
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})
