import { describe, expect, it } from 'vitest'
import { totpSecretOf, unusedTotpCode, wrongTotpCode } from '../setup/totp'
import {
  adminSessionCookie,
  appErrors,
  enrolledStaffSession,
  expectToast,
  invitedAccountOverHttp,
  pageFrom,
  signedInPage,
  signInAdmin,
  signInThroughPage,
  strongPassword,
  uniqueIdentity,
  waitForMail,
} from './helpers/accounts'
import { expectAccessible, open, testBrowser } from './helpers/browser'

const browser = testBrowser()

describe('a staff member and two-factor sign-in', () => {
  it('is sent to enrol at first sign-in, enrols with a QR code and a code from the app, keeps the backup codes, and signs in with a code afterwards', async () => {
    const admin = await adminSessionCookie(uniqueIdentity('tf-admin').ip)
    const email = await invitedAccountOverHttp('employee', 'tf-staff', admin, uniqueIdentity('tf-staff').ip)

    // First sign-in: the password alone reaches only the enrolment page.
    const first = await pageFrom(browser(), uniqueIdentity('tf-staff').ip)
    const { page } = first
    await signInThroughPage(page, email, strongPassword, '/auth?redirectTo=%2Femployee')
    await page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/account/two-factor')
    await page.getByText('Staff accounts can see every client').waitFor()
    await expectAccessible(page)
    await open(page, '/employee')
    expect(new URL(page.url()).pathname).toBe('/account/two-factor')

    await page.getByLabel('Current password').fill(strongPassword)
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
    const qr = page.getByRole('img', { name: 'QR code to add this account to an authenticator app' })
    await qr.waitFor()
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    const secret = totpSecretOf((await page.getByTestId('manual-key').textContent()) ?? '')
    await expectAccessible(page)

    // A wrong code is refused with the QR code still there; the app's code turns it on.
    await page.getByLabel('Authentication code').fill(wrongTotpCode(secret))
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await page.getByText('That code is not right').waitFor()
    await page.getByLabel('Authentication code').fill(await unusedTotpCode(secret))
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await page.getByRole('heading', { name: 'Two-factor sign-in is on', level: 2 }).waitFor()
    const codes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents()
    expect(codes).toHaveLength(10)
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)
    await page.getByRole('button', { name: 'Download codes' }).waitFor()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'I saved my backup codes, continue' }).click()
    await page.getByRole('heading', { name: 'Employee portal', level: 1 }).waitFor()
    // Shown once: the page never shows them again.
    await open(page, '/account/two-factor')
    await page.getByText('10 of your backup codes are unused.').waitFor()
    expect(await page.getByRole('list', { name: 'Backup codes' }).count()).toBe(0)
    expect(appErrors(first.consoleErrors)).toEqual([])
    await first.context.close()

    // Another browser: password, then a code generated now from the secret.
    const second = await pageFrom(browser(), uniqueIdentity('tf-staff').ip)
    await signInThroughPage(second.page, email, strongPassword, '/auth?redirectTo=%2Femployee')
    await second.page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 }).waitFor()
    await expectAccessible(second.page)
    await second.page.getByLabel('Authentication code').fill(wrongTotpCode(secret))
    await second.page.getByRole('button', { name: 'Verify and sign in' }).click()
    await second.page.getByText('That code is not right').waitFor()
    await second.page.getByLabel('Authentication code').fill(await unusedTotpCode(secret))
    await second.page.getByRole('button', { name: 'Verify and sign in' }).click()
    await second.page.getByRole('heading', { name: 'Employee portal', level: 1 }).waitFor()
    expect(new URL(second.page.url()).pathname).toBe('/employee')
    expect(appErrors(second.consoleErrors)).toEqual([])
    await second.context.close()

    // A third, without the phone: a backup code, once.
    const third = await pageFrom(browser(), uniqueIdentity('tf-staff').ip)
    await signInThroughPage(third.page, email, strongPassword, '/auth?redirectTo=%2Femployee')
    await third.page.getByRole('link', { name: 'Use a backup code instead' }).click()
    await third.page.getByLabel('Backup code').fill(codes[0] ?? '')
    await third.page.getByRole('button', { name: 'Verify and sign in' }).click()
    await third.page.getByRole('heading', { name: 'Employee portal', level: 1 }).waitFor()
    await third.context.close()
  })

  it('has it reset by an admin (audited, e-mailed), and must enrol again', async () => {
    const adminCookie = await adminSessionCookie(uniqueIdentity('tf-reset').ip)
    const email = await invitedAccountOverHttp('employee', 'tf-reset', adminCookie, uniqueIdentity('tf-reset').ip)
    // The employee has enrolled (in the browser in the test above; here over HTTP) and is signed in.
    const staffIp = uniqueIdentity('tf-reset').ip
    const enrolled = await enrolledStaffSession(email, staffIp)
    const staff = await signedInPage(browser(), staffIp, enrolled.cookie)
    await open(staff.page, '/employee')
    await staff.page.getByRole('heading', { name: 'Employee portal', level: 1 }).waitFor()

    const admin = await pageFrom(browser(), uniqueIdentity('tf-reset-admin').ip)
    await signInAdmin(admin.page)
    await admin.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
    await admin.page.getByRole('link', { name: 'Manage two-factor sign-in' }).click()
    await admin.page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 }).waitFor()
    await expectAccessible(admin.page)
    await admin.page.getByRole('button', { name: `Reset second factor of ${email}` }).click()
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Reset second factor' }).click()
    await expectToast(admin.page, 'Done', `Two-factor sign-in of ${email} is reset`)
    await waitForMail(email, /two-factor sign-in was reset/)
    await admin.context.close()

    // Signed out everywhere; the password alone leads back to enrolment.
    await open(staff.page, '/employee')
    expect(new URL(staff.page.url()).pathname).toBe('/auth')
    await signInThroughPage(staff.page, email, strongPassword, '/auth?redirectTo=%2Femployee')
    await staff.page.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor()
    expect(new URL(staff.page.url()).pathname).toBe('/account/two-factor')
    await staff.context.close()
  })
})
