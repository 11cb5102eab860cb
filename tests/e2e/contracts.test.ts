import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import PostalMime from 'postal-mime'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import {
  addAdminSession,
  adminSessionCookie,
  appErrors,
  expectToast,
  invitedAccountOverHttp,
  linkIn,
  pageFrom,
  signIn,
  signInAdmin,
  uniqueIdentity,
  waitForMail,
} from './helpers/accounts'
import { expectAccessible, open, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}

/** A new draft of the Residential Service Agreement for the demo client, open in its editor. */
async function draftForDemoClient(admin: Page) {
  // The new-contract form is checked for accessibility, filled in, in the first test.
  expect(await open(admin, '/admin/contracts/new')).toBe(200)
  await choose(admin, /^Template/, 'Residential Service Agreement')
  await choose(admin, /^Client/, /carla@harbor-dental\.example/)
  await admin.getByLabel(/^Plan/).fill('Home Care')
  await admin.getByLabel(/^Price per user/).fill('$40.00')
  await admin.getByLabel(/^Number of users/).fill('3')
  await admin.getByLabel(/^Start date/).fill('June 1, 2026')
  await admin.getByLabel(/^Term/).fill('month to month')
  await admin.getByRole('button', { name: 'Create draft' }).click()
  await admin.getByText('Draft created from the template.').waitFor()
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

/** The PDF attached to a mail, as bytes. */
async function attachedPdf(raw: string): Promise<{ filename: string; bytes: Uint8Array }> {
  const parsed = await PostalMime.parse(raw)
  const pdf = parsed.attachments.find((a) => a.mimeType === 'application/pdf')
  if (!pdf) throw new Error('no PDF attached')
  const content = pdf.content
  return {
    filename: pdf.filename ?? '',
    bytes: typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content),
  }
}

describe('contracts, from template to countersigned PDF', () => {
  it('staff send a contract from a template, the client reads, consents and signs, staff countersign, both get the PDF', async () => {
    const ip = uniqueIdentity('contracts').ip
    const client = await invitedAccountOverHttp('client', 'contract-client', await adminSessionCookie(ip), ip)
    const clientIp = uniqueIdentity('contract-client').ip

    // Staff: from the Admin Dashboard to a new contract from the Managed Services Agreement, sent.
    const staff = await pageFrom(browser(), uniqueIdentity('contract-staff').ip)
    const admin = staff.page
    await signInAdmin(admin)
    await admin.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
    await admin.getByRole('link', { name: 'Manage contracts' }).click()
    await admin.getByRole('heading', { name: 'Contracts', level: 1 }).waitFor()
    await admin.getByRole('link', { name: 'New contract' }).click()
    await admin.getByRole('heading', { name: 'New contract', level: 1 }).waitFor()
    await admin.waitForSelector('html[data-hydrated="true"]')
    await choose(admin, /^Template/, 'Managed Services Agreement')
    await choose(admin, /^Client/, new RegExp(client.replace(/[.+]/g, '\\$&')))
    await admin.getByLabel(/^Plan/).fill('Full Help Desk')
    await admin.getByLabel(/^Price per user/).fill('$100.00')
    await admin.getByLabel(/^Number of users/).fill('12')
    await admin.getByLabel(/^Start date/).fill('June 1, 2026')
    await admin.getByLabel(/^Term/).fill('12 months')
    await expectAccessible(admin)
    await admin.getByRole('button', { name: 'Create draft' }).click()
    await admin.getByText('Draft created from the template.').waitFor()
    await admin.getByRole('article', { name: 'Preview of the contract text' }).getByText('$100.00 per user').waitFor()
    await expectAccessible(admin)
    await admin.getByRole('button', { name: 'Send contract to the client' }).click()
    await expectToast(admin, 'Done')
    const heading = (await admin.getByRole('heading', { level: 1 }).textContent()) ?? ''
    const number = /CTR-\d{4}-\d{4}/.exec(heading)?.[0] ?? ''
    expect(number).not.toBe('')
    const staffPath = new URL(admin.url()).pathname

    // Client: the e-mail's link; the full text, verified; consent and full name; Sign.
    const mail = await waitForMail(client, new RegExp(`Please review and sign: Managed Services Agreement ${number}`))
    // Signed in over HTTP (the sign-in page and its redirectTo have their own tests): the link opens the contract.
    const customer = await pageFrom(browser(), clientIp)
    const page = customer.page
    await signIn(page, client)
    await open(page, linkIn(mail))
    await page.getByRole('heading', { name: `Managed Services Agreement ${number}`, level: 1 }).waitFor()
    await page.getByText('Verified: the text below is exactly the text that was sent.').waitFor()
    await page.getByRole('article', { name: 'Contract text' }).getByText('$100.00 per user').waitFor()
    await expectAccessible(page)
    // Without consent, nothing is signed.
    await page.getByLabel(/^Full name/).fill('Pat Client')
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    await page.getByText('Tick the box to agree to sign electronically.').first().waitFor()
    await page.getByRole('checkbox', { name: /I agree to use an electronic signature/ }).click()
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    await expectToast(page, 'Done')
    await page.getByText(/Signed by Pat Client on .* \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\)/).waitFor()
    await page.getByText('Verified: the text below is exactly the text that was signed.').waitFor()
    const signedMail = await waitForMail(client, new RegExp(`Signed: Managed Services Agreement ${number}`))
    expect((await attachedPdf(signedMail.raw)).filename).toBe(`${number}-signed.pdf`)

    // Staff: countersign.
    await open(admin, staffPath)
    await admin
      .getByText(/Signed by Pat Client/)
      .first()
      .waitFor()
    await admin.getByRole('button', { name: 'Countersign' }).click()
    await expectToast(admin, 'Done')
    await admin.getByText('Countersigned', { exact: true }).first().waitFor()
    await expectAccessible(admin)

    // Both sides are e-mailed the final PDF: the text, the signatures, the certificate with the hash.
    const toClient = await attachedPdf(
      (await waitForMail(client, new RegExp(`Fully signed: Managed Services Agreement ${number}`))).raw,
    )
    const toOffice = await attachedPdf(
      (await waitForMail('hello@ramapo-it.example', new RegExp(`Fully signed: Managed Services Agreement ${number}`)))
        .raw,
    )
    expect(toClient.filename).toBe(`${number}.pdf`)
    expect(Buffer.from(toOffice.bytes).equals(Buffer.from(toClient.bytes))).toBe(true)
    const text = await pdfText(toClient.bytes)
    expect(text).toContain('Managed Services Agreement')
    expect(text).toContain('Signed electronically by Pat Client')
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/)
    expect(text).toContain(clientIp)
    expect(text).toContain('Certificate of electronic signature')
    const hash = /Text SHA-256 ([0-9a-f]{64})/.exec(text)?.[1]
    expect(hash).toBeDefined()

    // The client's list and download: countersigned, the very file e-mailed.
    expect(await visit(page, '/billing/contracts')).toBe(200)
    const row = page.getByRole('row', { name: new RegExp(number) })
    await row.getByText('Countersigned', { exact: true }).waitFor()
    const download = await page.request.get(
      `${new URL(page.url()).origin}/billing/contracts/${staffPath.split('/').pop()}/pdf`,
    )
    expect(download.status()).toBe(200)
    expect(download.headers()['content-disposition']).toBe(`attachment; filename="${number}.pdf"`)
    expect(Buffer.from(await download.body()).equals(Buffer.from(toClient.bytes))).toBe(true)

    // Staff verify the PDF the client holds: it is the file issued.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'))
    const file = path.join(dir, `${number}.pdf`)
    fs.writeFileSync(file, toClient.bytes)
    await open(admin, '/admin/contracts')
    await admin.getByRole('link', { name: 'Verify a PDF' }).click()
    await admin.getByRole('heading', { name: 'Verify a contract PDF', level: 1 }).waitFor()
    await admin.waitForSelector('html[data-hydrated="true"]')
    await admin.getByLabel(/^Contract PDF/).setInputFiles(file)
    await admin.getByRole('button', { name: 'Verify' }).click()
    await admin.getByText(/Genuine: this is exactly the PDF we issued after both signatures/).waitFor()
    await expectAccessible(admin)
    await admin.getByLabel(/^Contract PDF/).setInputFiles([])
    await admin.getByLabel(/^Or a SHA-256 hash/).fill(hash ?? '')
    await admin.getByRole('button', { name: 'Verify' }).click()
    await admin.getByText(/This is the text hash recorded for one of our contracts/).waitFor()
    fs.rmSync(dir, { recursive: true })

    expect(appErrors(staff.consoleErrors)).toEqual([])
    expect(appErrors(customer.consoleErrors)).toEqual([])
    await staff.context.close()
    await customer.context.close()
  })

  it('shows the demo contracts, and deletes a draft only once staff confirm it in a dialog', async () => {
    const staff = await pageFrom(browser(), uniqueIdentity('contract-delete').ip)
    const admin = staff.page
    // The way from the Admin Dashboard to the contracts is the first test's.
    await addAdminSession(admin)

    // The demo client's contracts, seeded at boot: waiting, countersigned, expired and a draft.
    expect(await visit(admin, '/admin/contracts?q=Harbor%20Dental')).toBe(200)
    for (const status of ['Sent', 'Countersigned', 'Expired', 'Draft']) {
      await admin.getByRole('cell', { name: status, exact: true }).first().waitFor()
    }

    await draftForDemoClient(admin)
    const draftPath = new URL(admin.url()).pathname

    // The button only asks; Cancel (or Escape) leaves the draft as it was, focus back on the button.
    const trigger = admin.getByRole('button', { name: 'Delete draft…' })
    await trigger.click()
    const dialog = admin.getByRole('dialog', { name: 'Delete the draft “Residential Service Agreement”?' })
    await dialog.waitFor()
    // Checked once its opening animation has ended: half-faded, its buttons fail the contrast check.
    await admin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await expectAccessible(admin)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true)
    await trigger.click()
    await dialog.waitFor()
    await admin.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(new URL(admin.url()).pathname).toBe(draftPath)

    await trigger.click()
    await dialog.getByRole('button', { name: 'Delete draft' }).click()
    await admin.getByRole('heading', { name: 'Contracts', level: 1 }).waitFor()
    expect(new URL(admin.url()).pathname).toBe('/admin/contracts')
    expect(await visit(admin, draftPath)).toBe(404)

    expect(appErrors(staff.consoleErrors)).toEqual([])
    await staff.context.close()
  })

  it('withdraws a sent contract through the reason dialog, which asks again for a blank reason', async () => {
    const staff = await pageFrom(browser(), uniqueIdentity('contract-withdraw').ip)
    const admin = staff.page
    await addAdminSession(admin)
    await draftForDemoClient(admin)
    await admin.getByRole('button', { name: 'Send contract to the client' }).click()
    await expectToast(admin, 'Done')

    await admin.getByRole('button', { name: 'Withdraw…' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Withdraw this contract?' })
    await dialog.waitFor()
    // Cancel leaves the contract as it was, focus back on the button that opened the dialog.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await admin.getByRole('button', { name: 'Withdraw…' }).click()
    // Only spaces pass the browser's own check, not the server's: the dialog closes as the form is
    // sent and opens again with the reason's error.
    await dialog.getByLabel(/^Reason/).fill('   ')
    await dialog.getByRole('button', { name: 'Withdraw contract' }).click()
    await dialog.getByText('Say why it is withdrawn; the client reads it.').waitFor()
    await admin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await expectAccessible(admin)
    await dialog.getByLabel(/^Reason/).fill('The client chose another plan.')
    await dialog.getByRole('button', { name: 'Withdraw contract' }).click()
    await dialog.waitFor({ state: 'detached' })
    await admin.getByText('Withdrawn: the client has been told.').first().waitFor()
    await admin.getByText('The client chose another plan.').first().waitFor()

    expect(appErrors(staff.consoleErrors)).toEqual([])
    await staff.context.close()
  })
})
