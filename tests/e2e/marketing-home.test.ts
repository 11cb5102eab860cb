import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { business, formatHours } from '../../app/content/business'
import { industries, services } from '../../app/content/catalog'
import { newPage, open, testBrowser } from './helpers/browser'

const browser = testBrowser()

const desktop = { viewport: { width: 1280, height: 800 } }

/**
 * Whether the section has been scrolled to: its top sits just below the sticky header
 * (scroll-padding-top 5rem), polled until smooth scrolling has finished.
 */
async function expectScrolledTo(page: Page, id: string) {
  await expect
    .poll(
      () =>
        page.evaluate((sectionId) => {
          const top = document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN
          return top >= 0 && top <= 120
        }, id),
      { timeout: 5000, message: `#${id} scrolled into view` },
    )
    .toBe(true)
}

describe('the home page', () => {
  it('shows every home section with the right counts', async () => {
    const { page, context } = await newPage(browser(), desktop)
    await open(page, '/')
    const section = (id: string) => page.locator(`section#${id}`)
    for (const id of ['services', 'why-choose-us', 'client-stories', 'industries', 'pricing', 'contact']) {
      expect(await section(id).count(), id).toBe(1)
    }

    const serviceCards = section('services').locator('[data-service]')
    expect(await serviceCards.count()).toBe(7)
    for (const service of services) {
      const card = section('services').locator(`[data-service="${service.key}"]`)
      expect(await card.getByRole('link', { name: service.name }).getAttribute('href')).toBe(service.path)
      expect(await card.locator('ul li').count(), service.key).toBeGreaterThanOrEqual(3)
    }

    expect(await section('why-choose-us').locator('h3').count()).toBe(4)

    const stories = section('client-stories').locator('figure')
    expect(await stories.count()).toBe(3)
    expect(await section('client-stories').locator('[data-rating]').allTextContents()).toEqual([
      '5.0 out of 5',
      '4.8 out of 5',
      '4.9 out of 5',
    ])

    const industryLinks = section('industries').getByRole('link')
    expect(await industryLinks.count()).toBe(5)
    expect(await industryLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      industries.map((i) => i.path),
    )

    // Call to action between the industries and the pricing.
    expect(await page.getByRole('heading', { level: 2, name: 'Ready for IT that just works?' }).count()).toBe(1)

    const contact = section('contact')
    expect(await contact.getByRole('link', { name: business.phone, exact: true }).getAttribute('href')).toBe(
      `tel:${business.phoneE164}`,
    )
    expect(await contact.getByRole('link', { name: business.email, exact: true }).getAttribute('href')).toBe(
      `mailto:${business.email}`,
    )
    const contactText = await contact.textContent()
    expect(contactText).toContain(business.address.street)
    expect(contactText).toContain(formatHours(business.hours.main))
    await context.close()
  })

  it('prices the three plans exactly, marks Full Help Desk as popular and links each to booking', async () => {
    const { page, context } = await newPage(browser(), desktop)
    await open(page, '/')
    const pricing = page.locator('section#pricing')
    const card = (plan: string) => pricing.locator(`[data-plan="${plan}"]`)
    expect(await pricing.locator('[data-plan]').count()).toBe(3)
    const expected = [
      ['basic', 'Basic Support', '$40/user/mo'],
      ['full', 'Full Help Desk', '$100/user/mo'],
      ['custom', 'Custom Solutions', 'Custom pricing'],
    ] as const
    for (const [key, name, price] of expected) {
      expect(await card(key).locator('h3').textContent()).toBe(name)
      expect(await card(key).locator('[data-price]').textContent()).toBe(price)
      const button = card(key).getByRole('link', { name: new RegExp(name) })
      expect(await button.getAttribute('href')).toBe(`/book?plan=${key}`)
    }
    expect(await card('full').getByText('Popular', { exact: true }).count()).toBe(1)
    expect(await pricing.getByText('Popular', { exact: true }).count()).toBe(1)
    const residential = await pricing.textContent()
    expect(residential).toContain('$2.08/min')
    expect(residential).toContain('$29-99/mo')
    await context.close()
  })

  it('scrolls to Industries and Why Choose Us from the home page, after the delay', async () => {
    const { page, context } = await newPage(browser(), desktop)
    await open(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Industries', exact: true }).click()
    await expectScrolledTo(page, 'industries')
    expect(new URL(page.url()).pathname).toBe('/')
    await nav.getByRole('link', { name: 'Why Choose Us', exact: true }).click()
    await expectScrolledTo(page, 'why-choose-us')
    // Focus moves to the section, as a skip link would.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('why-choose-us')
    await context.close()
  })

  it('goes home first and then scrolls, from another page (desktop bar and mobile menu)', async () => {
    const { page, context } = await newPage(browser(), desktop)
    await open(page, '/services/cybersecurity')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Why Choose Us' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expectScrolledTo(page, 'why-choose-us')
    // The address says where the visitor is, and focus moved there as on the home page.
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#why-choose-us')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('why-choose-us')
    // Once: a reload of the home page does not scroll again on its own.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
    await context.close()

    const mobile = await newPage(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    await open(mobile.page, '/industries/cpa-firms')
    await mobile.page.getByRole('button', { name: 'Main menu' }).click()
    await mobile.page.getByRole('dialog').getByRole('link', { name: 'Industries', exact: true }).click()
    await mobile.page.waitForURL((url) => url.pathname === '/')
    await expectScrolledTo(mobile.page, 'industries')
    await mobile.context.close()
  })

  it('lands on the section for a hash link on first load, and /contact on the contact section', async () => {
    const { page, context } = await newPage(browser(), desktop)
    await page.goto('/#industries')
    await page.waitForSelector('html[data-hydrated="true"]')
    await expectScrolledTo(page, 'industries')

    await page.goto('/contact')
    await page.waitForSelector('html[data-hydrated="true"]')
    expect(new URL(page.url()).hash).toBe('#contact')
    await expectScrolledTo(page, 'contact')
    await context.close()
  })
})
