import { describe, expect, it } from 'vitest'
import {
  addAdminSession,
  expectToast,
  linkIn,
  pageFrom,
  reviewThroughPage,
  signInThroughPage,
  signUpThroughPage,
  strongPassword,
  uniqueIdentity,
  waitForMail,
} from './helpers/accounts'
import { expectAccessible, open, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

describe('a new client', () => {
  it('signs up, confirms the e-mail, waits for approval, sees it arrive live, then opens billing', async () => {
    const me = uniqueIdentity('journey')
    const client = await pageFrom(browser(), me.ip)
    const mail = await signUpThroughPage(client.page, { name: 'Jordan Harbor', email: me.email })
    const link = linkIn(mail)
    expect(link).toMatch(/^\/\?token=[A-Za-z0-9]{32}&email=/)
    expect(mail.text).toContain('expires in 24 hours')

    await open(client.page, link)
    await client.page.getByRole('heading', { name: 'Email Confirmed' }).waitFor()
    await expectAccessible(client.page)
    await expectToast(client.page, 'Email verified!', 'Your account has been verified successfully.')
    expect(await client.page.getByText('pending approval').count()).toBeGreaterThan(0)

    await client.page.getByRole('link', { name: 'Log in' }).click()
    await client.page.waitForURL('**/auth')
    await signInThroughPage(client.page, me.email, strongPassword)
    await client.page.waitForURL('**/dashboard')
    await client.page.getByText('Welcome, Jordan Harbor').waitFor()
    const status = client.page.getByTestId('account-status')
    expect(await status.getAttribute('data-status')).toBe('pending')
    const main = client.page.getByRole('navigation', { name: 'Main' })
    expect(await main.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard')

    // Billing waits for approval: the dashboard says why.
    await visit(client.page, '/billing')
    expect(new URL(client.page.url()).pathname).toBe('/dashboard')
    await client.page.getByText('The billing area opens once your account is approved.').waitFor()

    // The admin's shared session; reviewThroughPage opens the Admin Dashboard.
    const staff = await pageFrom(browser(), uniqueIdentity('admin').ip)
    await addAdminSession(staff.page)
    await reviewThroughPage(staff.page, me.email, 'approve')
    await staff.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
    // Staff pages have the back office's navigation instead of the site's header.
    expect(
      await staff.page
        .getByRole('navigation', { name: 'Staff areas' })
        .getByRole('link', { name: 'Admin Dashboard' })
        .count(),
    ).toBe(1)
    expect(await staff.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)

    await expectToast(client.page, 'Account Status Updated', 'Your account status has been updated to approved')
    await expect.poll(() => status.getAttribute('data-status')).toBe('approved')
    await client.page.getByRole('link', { name: 'Open the billing area' }).click()
    await client.page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor()
    expect(new URL(client.page.url()).pathname).toBe('/billing')
    // This state of /billing (approved, nothing to pay) is checked for accessibility in islands.
    await client.page.getByRole('link', { name: /^Invoices/ }).click()
    await client.page.getByRole('heading', { name: 'No invoices yet' }).waitFor()
    await expectAccessible(client.page)

    const approvedMail = linkIn(await waitForMail(me.email, /is approved/))
    expect(approvedMail).toBe('/dashboard')
    expect(client.consoleErrors).toEqual([])
    expect(staff.consoleErrors).toEqual([])
    await client.context.close()
    await staff.context.close()
  })
})
