import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { demoClient } from '../../server/accounts/demo-client.server'
import { pageFrom, signIn, uniqueIdentity } from './helpers/accounts'
import { expectAccessible, open, testBrowser } from './helpers/browser'

// The client pages on a 390 px phone: nothing scrolls sideways, and every amount is on the screen.
// The demo office's owner reads their people, their billing lists and an invoice with its lines.

const browser = testBrowser()
const phoneWidth = 390
const money = /\$[\d,]+\.\d{2}/

/** How far the page scrolls sideways (0 when it fits the phone). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** Each element's text and whether it lies inside the phone's screen, left to right. */
async function onScreen(page: Page, selector: string) {
  return page.locator(selector).evaluateAll(
    (elements, width) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect()
        return { text: element.textContent?.trim() ?? '', inside: box.left >= 0 && box.right <= width && box.width > 0 }
      }),
    phoneWidth,
  )
}

describe('the client pages on a phone', () => {
  it('fit 390 px: people, billing lists and an invoice reflow with every amount shown', async () => {
    const { demoClientPassword } = JSON.parse(
      fs.readFileSync(path.join(inject('dataDir'), 'secrets.json'), 'utf8'),
    ) as { demoClientPassword: string }
    const { page } = await pageFrom(browser(), uniqueIdentity('phone-layout').ip, {
      viewport: { width: phoneWidth, height: 844 },
    })
    await signIn(page, demoClient.email, demoClientPassword)

    await open(page, '/account/organisation')
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneWidth)
    const people = await onScreen(page, '[data-testid="person"] button, [data-testid="person"] select')
    expect(people.length).toBeGreaterThan(0)
    expect(people.filter((control) => !control.inside)).toEqual([])
    await expectAccessible(page)

    for (const list of ['/billing/invoices', '/billing/estimates', '/billing/receipts']) {
      await open(page, list)
      expect({ list, scroll: await sidewaysScroll(page) }).toEqual({ list, scroll: 0 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneWidth)
      const amounts = await onScreen(page, '[data-testid="document"] td.tabular-nums')
      if (list !== '/billing/receipts') expect(amounts.length).toBeGreaterThan(0)
      for (const amount of amounts) expect(amount).toEqual({ text: expect.stringMatching(money), inside: true })
    }

    await open(page, '/billing/invoices')
    await expectAccessible(page)
    await page.getByTestId('document').first().getByRole('link').first().click()
    await page.getByRole('heading', { name: /^Invoice INV-/, level: 1 }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneWidth)
    // Each line: its description, then quantity × unit price = amount, all on the screen.
    const lineCells = await onScreen(page, 'table:has(caption:text-matches("^Lines of")) tbody td')
    expect(lineCells.length).toBeGreaterThanOrEqual(4)
    expect(lineCells.filter((cell) => !cell.inside)).toEqual([])
    const amounts = lineCells.filter((_, index) => index % 4 === 3)
    for (const amount of amounts) expect(amount.text).toMatch(new RegExp(`^${money.source}$`))
    await expectAccessible(page)
  }, 180_000)
})
