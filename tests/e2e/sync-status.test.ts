import { describe, expect, it } from 'vitest'
import { businessTimeZone } from '../../app/lib/time-zone.ts'
import { appErrors, pageFrom, signInAdmin, uniqueIdentity } from './helpers/accounts'
import { expectAccessible, open, testBrowser } from './helpers/browser'

const browser = testBrowser()

describe('an admin checks the sync status', () => {
  it('opens it from the Admin Dashboard and reads the outbox, the jobs, the database and the server', async () => {
    const { page, context, consoleErrors } = await pageFrom(browser(), uniqueIdentity('sync-status').ip)
    await signInAdmin(page)
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Open sync status' }).first().click()
    await page.getByRole('heading', { name: 'Sync status', level: 1 }).waitFor()

    await page.getByRole('heading', { name: 'Mail outbox', level: 2 }).waitFor()
    await page.getByRole('heading', { name: 'Recently sent', level: 3 }).waitFor()
    expect(await page.locator('[data-job="retention"]').textContent()).toContain('30 3 * * *')
    expect(await page.locator('[data-job="billing-reminders"]').textContent()).toContain(businessTimeZone)
    await page.getByText('Embedded (PGlite)').waitFor()
    await page.getByText('Files in the data folder').waitFor()
    expect(await page.getByText(/^\d{4}_[a-z_]+$/).count()).toBe(1)

    // "Check now" reads the status again without leaving the page.
    await page.getByRole('button', { name: 'Check now' }).click()
    await page.getByRole('heading', { name: 'Sync status', level: 1 }).waitFor()
    expect(await open(page, '/admin/sync-status')).toBe(200)
    await expectAccessible(page)
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})
