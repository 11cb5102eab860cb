import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { consultationBody } from '../integration/helpers/intake'
import {
  adminSessionCookie,
  appErrors,
  invitedAccountOverHttp,
  pageFrom,
  postForm,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
} from './helpers/accounts'
import { baseURL, expectAccessible, open, testBrowser } from './helpers/browser'

// A technician on site opens the staff lists on a phone: at 390 px the first screen shows the list
// itself, its filters folded behind one "Filters" button (app/ui/filters-disclosure.tsx) that keeps
// the filters of the address; on a wide screen the filters are simply there.

const browser = testBrowser()
const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 900 }

async function adminPage(b: Browser, viewport: { width: number; height: number }) {
  const ip = uniqueIdentity('phone-filters').ip
  const cookie = await adminSessionCookie(ip)
  const opened = await pageFrom(b, ip, {
    viewport,
    ...(viewport.width < 640 ? { isMobile: true, hasTouch: true } : {}),
  })
  const url = new URL(baseURL())
  await opened.context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=')
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/' }
    }),
  )
  return opened
}

async function bookConsultation(name: string) {
  const visitor = uniqueIdentity('phone-filters-visitor')
  const booked = await fetch(`${baseURL()}/api/process-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': visitor.ip },
    body: JSON.stringify(
      consultationBody({
        email: visitor.email,
        firstName: name.split(' ')[0] ?? name,
        lastName: name.split(' ')[1] ?? name,
        name,
        source: `${baseURL()}/book`,
      }),
    ),
  })
  expect(booked.status).toBe(200)
}

/** Whether an element's top edge is inside the first screen. */
async function onFirstScreen(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox()
  const height = page.viewportSize()?.height ?? 0
  return box !== null && box.y >= 0 && box.y < height
}

describe('staff lists on a phone', () => {
  it('/employee/requests shows requests first, its filters behind a Filters button that keeps the address filters', async () => {
    await bookConsultation('Phoebe Phone')
    const { page, context, consoleErrors } = await adminPage(browser(), phone)
    expect(await open(page, '/employee/requests?kind=consultation')).toBe(200)
    const table = page.getByRole('region', { name: 'Consultation requests and contact messages' })
    const firstRow = table.getByRole('row').nth(1)
    await firstRow.waitFor()
    expect(await onFirstScreen(page, firstRow)).toBe(true)

    // Folded: the fields are not shown; the button says one filter applies (the kind, from the address).
    const search = page.getByRole('searchbox', { name: 'Search' })
    expect(await search.isVisible()).toBe(false)
    const button = page.getByRole('button', { name: /^Filters/ })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await button.textContent()).toContain('(1 applied)')
    await expectAccessible(page)

    // Unfolded, the form holds the address's filter and applies a search on top of it.
    await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    await search.waitFor()
    expect(await page.getByRole('combobox', { name: 'Kind' }).textContent()).toContain('Consultation')
    await search.fill('Phoebe Phone')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/q=Phoebe/)
    const url = new URL(page.url())
    expect(url.searchParams.get('kind')).toBe('consultation')
    expect(url.searchParams.get('q')).toBe('Phoebe Phone')
    await table
      .getByRole('rowheader', { name: /Phoebe Phone/ })
      .first()
      .waitFor()
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  it('/employee/tickets shows tickets first with their next target, its filters folded the same way', async () => {
    // A client opens an urgent ticket in the portal.
    const ip = uniqueIdentity('phone-filters-client').ip
    const email = await invitedAccountOverHttp('client', 'phone-tickets', await adminSessionCookie(ip), ip)
    const opened = await postForm(
      '/support/new',
      {
        intent: 'open',
        subject: 'Front desk printer offline',
        body: 'The printer at the front desk shows an error.',
        category: 'managed_it',
        priority: 'urgent',
      },
      { cookie: await sessionCookie(email, strongPassword, ip), ip },
    )
    expect(opened.status).toBe(302)

    const { page, context, consoleErrors } = await adminPage(browser(), phone)
    expect(await open(page, '/employee/tickets?priority=urgent&sort=target&dir=asc')).toBe(200)
    const table = page.getByRole('region', { name: 'Support tickets' })
    const row = table.getByRole('row').filter({ hasText: 'Front desk printer offline' }).first()
    await row.waitFor()
    expect(await onFirstScreen(page, table.getByRole('row').nth(1))).toBe(true)
    // Its next target in business time: the first response, left, overdue or (outside hours) still ahead.
    expect(await row.textContent()).toMatch(/(left|overdue)First response/)
    expect(await page.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(false)
    const button = page.getByRole('button', { name: /^Filters/ })
    expect(await button.textContent()).toContain('(1 applied)')
    await expectAccessible(page)
    await button.click()
    expect(await page.getByRole('combobox', { name: 'Priority' }).textContent()).toContain('Urgent')
    await page.getByRole('combobox', { name: 'Targets' }).waitFor()
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  it('/employee/tickets loads the organisations when their filter is opened, and names the chosen one after', async () => {
    const { page, context, consoleErrors } = await adminPage(browser(), desktop)
    expect(await open(page, '/employee/tickets')).toBe(200)
    const filter = page.getByRole('combobox', { name: 'Organisation' })
    expect(await filter.textContent()).toContain('Every organisation')
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/employee/tickets/organisations'))
    await filter.click()
    expect((await loaded).status()).toBe(200)
    await page.getByRole('option', { name: 'Loading organisations…' }).waitFor({ state: 'detached' })
    const first = page.getByRole('option').nth(1)
    const name = (await first.textContent())?.trim() ?? ''
    expect(name).not.toBe('')
    await first.click()
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/organisation=/)
    // The page names the chosen organisation without loading the others.
    expect(await page.getByRole('combobox', { name: 'Organisation' }).textContent()).toContain(name)
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  it('shows the filters without a button on a wide screen', async () => {
    const { page, context } = await adminPage(browser(), desktop)
    expect(await open(page, '/employee/requests')).toBe(200)
    expect(await page.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false)
    await context.close()
  })
})
