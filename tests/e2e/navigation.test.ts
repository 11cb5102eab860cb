import { describe, expect, it } from 'vitest'
import { services } from '../../app/content/catalog'
import { baseURL, newPage, open, testBrowser } from './helpers/browser'

const browser = testBrowser()

describe('a visitor finds their way around', () => {
  it('uses the desktop navigation: Services menu by keyboard, sections, blog, booking, login', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    await open(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const hrefOf = (name: string) => nav.getByRole('link', { name, exact: true }).getAttribute('href')
    expect(await hrefOf('Why Choose Us')).toBe('/#why-choose-us')
    expect(await hrefOf('Industries')).toBe('/#industries')
    expect(await hrefOf('Blog')).toBe('/blog')
    expect(await hrefOf('Book a Consultation')).toBe('/book')
    expect(await hrefOf('Login')).toBe('/auth')

    const trigger = nav.getByRole('button', { name: 'Services' })
    await trigger.focus()
    await page.keyboard.press('ArrowDown')
    for (const service of services) {
      const link = nav.getByRole('link', { name: new RegExp(`^${service.name}`) })
      expect(await link.getAttribute('href')).toBe(service.path)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Services')
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('opens the Services menu on hover only after the 200 ms open delay', async () => {
    const { page, context } = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    // The page's clock, stopped once the page is ready: the delay is read on it, not on a busy
    // machine's wall clock (where the test's own steps can take longer than 200 ms).
    await page.clock.install()
    await open(page, '/')
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' })
    await trigger.waitFor()
    await page.clock.pauseAt(Date.now() + 60_000)
    await trigger.hover()
    await page.clock.runFor(150)
    expect(await trigger.getAttribute('aria-expanded')).toBe('false')
    await page.clock.runFor(100)
    await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: 2000 }).toBe('true')
    await context.close()
  })

  it('opens a service page from the Services menu by mouse, and the menu closes', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    await open(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const trigger = nav.getByRole('button', { name: 'Services' })
    await trigger.hover()
    await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: 2000 }).toBe('true')
    await nav.getByRole('link', { name: /^Network & Infrastructure/ }).click()
    await page.waitForURL((url) => url.pathname === '/services/network-infrastructure')
    await expect.poll(() => page.locator('h1').textContent()).toBe('Business networks and Wi-Fi that stay up')
    await page.mouse.move(640, 700)
    await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: 2000 }).toBe('false')
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('uses the mobile menu, which adds Contact and Login', async () => {
    const { page, context } = await newPage(browser(), { viewport: { width: 390, height: 844 }, isMobile: true })
    await open(page, '/')
    await page.getByRole('button', { name: 'Main menu' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    const mobile = dialog.getByRole('navigation', { name: 'Mobile' })
    expect(await mobile.getByRole('link', { name: 'Contact', exact: true }).getAttribute('href')).toBe('/contact')
    expect(await dialog.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/login')
    expect(await dialog.getByRole('link', { name: 'Book a Consultation', exact: true }).getAttribute('href')).toBe(
      '/book',
    )
    expect(await mobile.getByRole('link', { name: 'Blog', exact: true }).getAttribute('href')).toBe('/blog')
    for (const service of services) {
      expect(await mobile.getByRole('link', { name: new RegExp(`^${service.name}`) }).count()).toBe(1)
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await context.close()
  })

  it('redirects /login to /auth and /contact to the home contact section', async () => {
    const login = await fetch(`${baseURL()}/login`, { redirect: 'manual' })
    expect(login.status).toBe(301)
    expect(login.headers.get('location')).toBe('/auth')
    const contact = await fetch(`${baseURL()}/contact`, { redirect: 'manual' })
    expect(contact.status).toBe(301)
    expect(contact.headers.get('location')).toBe('/#contact')
  })
})
