import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { adminSessionCookie, appErrors, pageFrom, uniqueIdentity } from './helpers/accounts'
import { baseURL, expectAccessible, open, testBrowser } from './helpers/browser'
import { readConsentKeys, saveConsentBeforeLoad } from './helpers/consent'

// Staff pages replace the site's footer with the back office's frame; its Cookie Settings button
// keeps the choice reachable from every page, as the spec's cookie consent asks.

const browser = testBrowser()
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Cookie Settings' })

/** A signed-in admin's page that already answered the banner (nothing is granted). */
async function adminPage(b: Browser, viewport: { width: number; height: number }) {
  const ip = uniqueIdentity('bo-consent').ip
  const cookie = await adminSessionCookie(ip)
  const opened = await pageFrom(b, ip, { viewport })
  const url = new URL(baseURL())
  await opened.context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=')
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/' }
    }),
  )
  await saveConsentBeforeLoad(opened.context, { analytics: false, marketing: false })
  return opened
}

async function settled(page: Page) {
  // Radix animates the dialog in; axe must see the final colours.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
}

describe('cookie settings in the back office', () => {
  it('opens from the sidebar, saves the choice and gives focus back to the button', async () => {
    const { page, context, consoleErrors } = await adminPage(browser(), { width: 1280, height: 900 })
    expect(await open(page, '/admin/sync-status')).toBe(200)
    // No site footer here: the frame's button is the one way back to the choice.
    expect(await page.getByRole('navigation', { name: 'Legal' }).count()).toBe(0)
    const button = page.getByRole('complementary').getByRole('button', { name: 'Cookie Settings' })
    await button.click()
    await dialog(page).waitFor()
    await settled(page)
    expect(await dialog(page).getByRole('switch', { name: 'Analytics' }).getAttribute('aria-checked')).toBe('false')
    await expectAccessible(page)
    await dialog(page).getByRole('switch', { name: 'Analytics' }).click()
    await dialog(page).getByRole('button', { name: 'Save Preferences' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true)
    expect((await readConsentKeys(page)).consent).toMatchObject({ analytics: true, marketing: false })

    // Reopened on another staff page, it shows what was saved.
    await open(page, '/admin/audit')
    await page.getByRole('complementary').getByRole('button', { name: 'Cookie Settings' }).click()
    expect(await dialog(page).getByRole('switch', { name: 'Analytics' }).getAttribute('aria-checked')).toBe('true')
    await dialog(page).getByRole('button', { name: 'Cancel' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  it('opens from the phone menu, which closes first', async () => {
    const { page, context, consoleErrors } = await adminPage(browser(), { width: 390, height: 844 })
    expect(await open(page, '/admin')).toBe(200)
    await page.getByRole('button', { name: 'Staff menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Staff areas' })
    await menu.getByRole('button', { name: 'Cookie Settings' }).click()
    await dialog(page).waitFor()
    await menu.waitFor({ state: 'detached' })
    await settled(page)
    await expectAccessible(page)
    // The dialog is usable (not under the menu's overlay): a switch answers a click.
    const marketing = dialog(page).getByRole('switch', { name: 'Marketing' })
    await marketing.click()
    expect(await marketing.getAttribute('aria-checked')).toBe('true')
    await dialog(page).getByRole('button', { name: 'Save Preferences' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    expect((await readConsentKeys(page)).consent).toMatchObject({ analytics: false, marketing: true })
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})
