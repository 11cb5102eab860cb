import { describe, expect, it } from 'vitest'
import {
  appErrors,
  expectToast,
  linkIn,
  pageFrom,
  sessionCookie,
  signIn,
  signInAdmin,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
  waitForMail,
} from './helpers/accounts'
import { baseURL, expectAccessible, open, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

async function profileStatus(cookie: string, ip: string): Promise<number> {
  const response = await fetch(`${baseURL()}/api/account/profile`, { headers: { cookie, 'x-forwarded-for': ip } })
  return response.status
}

describe('a client managing their account', () => {
  it('resets a forgotten password through the e-mailed link, which ends every session', async () => {
    const me = uniqueIdentity('reset')
    await verifiedAccountOverHttp(me.email, me.ip)
    const otherDevice = await sessionCookie(me.email, strongPassword, me.ip)

    const { page, context, consoleErrors } = await pageFrom(browser(), me.ip)
    await visit(page, '/auth')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await expectAccessible(page)
    await page.getByLabel('E-mail').fill(me.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByText(`If ${me.email} has an account`).waitFor()

    const link = linkIn(await waitForMail(me.email, /Reset your/))
    expect(link).toMatch(/^\/auth\/reset-password\?token=/)
    await visit(page, link)
    await page.getByLabel('New password', { exact: true }).fill('password1234')
    await page.getByText('Password strength: Too common').waitFor()
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByText('This password is too common').waitFor()
    await page.getByLabel('New password', { exact: true }).fill('a brand new river passphrase')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByRole('heading', { name: 'Password changed' }).waitFor()
    await expectAccessible(page)
    expect(await profileStatus(otherDevice, me.ip)).toBe(401)

    // The link works once (the page itself was checked above).
    await open(page, link)
    await page.getByLabel('New password', { exact: true }).fill('yet another river passphrase')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByText('This reset link is not valid').waitFor()

    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()

    // The new password signs in (over HTTP: the sign-in page has its own tests); the old one no longer does.
    await sessionCookie(me.email, 'a brand new river passphrase', me.ip)
    await expect(sessionCookie(me.email, strongPassword, me.ip)).rejects.toThrow()
  })

  it('edits the profile, changes the password (ending other sessions), ends a session, changes the e-mail and asks for deletion', async () => {
    const me = uniqueIdentity('settings')
    await verifiedAccountOverHttp(me.email, me.ip)
    const phone = await sessionCookie(me.email, strongPassword, me.ip)
    const laptop = await sessionCookie(me.email, strongPassword, me.ip)

    const { page, context, consoleErrors } = await pageFrom(browser(), me.ip)
    await signIn(page, me.email)
    await open(page, '/dashboard')
    await page.getByText('Welcome, Pat Pending').waitFor()
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Account Settings' }).click()
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor()
    await expectAccessible(page)

    await page.getByLabel('Full name').fill('Pat Renamed')
    await page.getByLabel('Company name (optional)').fill('Renamed LLC')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expectToast(page, 'Saved', 'Your profile is saved.')

    // Three sessions: this browser and two others. End one of them by hand.
    const sessions = page.getByRole('button', { name: /^End session/ })
    await expect.poll(() => sessions.count()).toBe(2)
    await sessions.first().click()
    await expectToast(page, 'Saved', 'Session ended')
    await expect.poll(() => sessions.count()).toBe(1)
    const remaining = [await profileStatus(phone, me.ip), await profileStatus(laptop, me.ip)].sort()
    expect(remaining).toEqual([200, 401])

    await page.getByLabel('Current password').fill(strongPassword)
    await page.getByLabel('New password', { exact: true }).fill('another long harbor phrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expectToast(page, 'Saved', 'Your other sessions have ended.')
    expect(await profileStatus(phone, me.ip)).toBe(401)
    expect(await profileStatus(laptop, me.ip)).toBe(401)
    // This browser stays signed in (both pages were checked for accessibility above and elsewhere).
    await open(page, '/dashboard')
    await page.getByText('Welcome, Pat Renamed').waitFor()

    const newEmail = uniqueIdentity('moved').email
    await open(page, '/account/settings')
    await page.getByLabel('New e-mail address').fill(newEmail)
    await page.getByRole('button', { name: 'Send confirmation link' }).click()
    await page.getByText(`We sent a confirmation link to ${newEmail}`).first().waitFor()
    const confirm = linkIn(await waitForMail(newEmail, /Confirm your new e-mail/))
    expect(confirm).toMatch(/^\/account\/confirm-email\?token=/)
    await visit(page, confirm)
    await page.getByRole('button', { name: 'Confirm new e-mail address' }).click()
    await page.getByText('Your e-mail address is changed.').waitFor()
    await page.getByText(`Currently ${newEmail}`).waitFor()

    await page.getByLabel('Anything we should know? (optional)').fill('Moving to another provider.')
    await page.getByRole('button', { name: 'Request account deletion' }).click()
    await page.getByText('We received your request.').first().waitFor()
    const staff = await waitForMail('hello@ramapo-it.example', /Account deletion requested: Pat Renamed/)
    expect(staff.text).toContain(newEmail)
    expect(staff.text).toContain('Moving to another provider.')
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()

    // The new address signs in; the old one no longer does.
    await sessionCookie(newEmail, 'another long harbor phrase', me.ip)
  })

  it('is invited by an admin, opens the one-time link, sets a password and lands approved on the dashboard', async () => {
    const staffIp = uniqueIdentity('inviter').ip
    const admin = await pageFrom(browser(), staffIp)
    await signInAdmin(admin.page)
    await admin.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
    await expectAccessible(admin.page)
    const invitee = uniqueIdentity('invitee')
    await admin.page.getByLabel('Full name').fill('Ivy Invited')
    await admin.page.getByLabel('E-mail').fill(invitee.email)
    await admin.page.getByLabel('Company name (optional)').fill('Ivy Accounting')
    await admin.page.getByRole('button', { name: 'Send invitation' }).click()
    await expectToast(admin.page, 'Done', `Invitation sent to ${invitee.email}.`)

    const link = linkIn(await waitForMail(invitee.email, /client account is ready/))
    expect(link).toMatch(/^\/setup-account\?token=/)
    const client = await pageFrom(browser(), invitee.ip)
    await visit(client.page, link)
    await client.page.getByText(`Welcome, Ivy Invited`).waitFor()
    await client.page.getByLabel('Password', { exact: true }).fill('ivy picks a long passphrase')
    await client.page.getByRole('button', { name: 'Set password and sign in' }).click()
    await client.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    expect(new URL(client.page.url()).pathname).toBe('/dashboard')
    expect(await client.page.getByTestId('account-status').getAttribute('data-status')).toBe('approved')
    await expectAccessible(client.page)

    // The link was used up.
    const again = await fetch(`${baseURL()}${link}`)
    expect(await again.text()).toContain('This invitation link is not valid')
    expect(appErrors(admin.consoleErrors)).toEqual([])
    expect(appErrors(client.consoleErrors)).toEqual([])
    await admin.context.close()
    await client.context.close()
  })
})
