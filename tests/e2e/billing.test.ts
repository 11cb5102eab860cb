import type { Page } from 'playwright-core'
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
  uniqueIdentity,
  waitForMail,
} from './helpers/accounts'
import { expectAccessible, open, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

/** Picks an option of a Radix Select by the field's label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}

/** The PDF a link on the page downloads, read back as text. */
async function downloadedText(page: Page, href: string): Promise<{ type: string; disposition: string; text: string }> {
  const response = await page.request.get(href)
  expect(response.status()).toBe(200)
  const proxy = await getDocumentProxy(new Uint8Array(await response.body()))
  const { text } = await extractText(proxy, { mergePages: true })
  return {
    type: response.headers()['content-type'] ?? '',
    disposition: response.headers()['content-disposition'] ?? '',
    text: text.replace(/\s+/g, ' '),
  }
}

describe('billing, from estimate to receipt', () => {
  it('staff send an estimate, the client accepts, staff invoice it and record two payments, the client downloads the receipt', async () => {
    const ip = uniqueIdentity('billing').ip
    const client = await invitedAccountOverHttp('client', 'billing-client', await adminSessionCookie(ip), ip)

    // Staff: a new estimate from the price list, previewed live, saved as a draft, then sent.
    const staff = await pageFrom(browser(), uniqueIdentity('billing-staff').ip)
    const admin = staff.page
    await addAdminSession(admin)
    expect(await visit(admin, '/admin/billing')).toBe(200)
    await admin.getByRole('link', { name: 'New estimate' }).click()
    await admin.getByRole('heading', { name: 'New estimate', level: 1 }).waitFor()
    await admin.waitForSelector('html[data-hydrated="true"]')
    await choose(admin, /^Client/, new RegExp(client.replace(/[.+]/g, '\\$&')))
    await admin.getByRole('button', { name: /Full Help Desk/ }).click()
    await admin.getByLabel('Quantity').first().fill('5')
    await admin.getByRole('button', { name: 'Add a line' }).click()
    await admin.getByLabel('Description').nth(1).fill('Replacement firewall')
    await admin.getByLabel('Unit price ($)').nth(1).fill('649.99')
    await admin.getByText('Taxable').nth(1).click()
    await choose(admin, 'Rate for', /Rockland County/)
    // 5 × $100 + $649.99, tax 8.375 % of $649.99 = $54.44: $1,204.43, in the preview as typed.
    const preview = admin.getByRole('region', { name: 'Preview' })
    await preview.getByText('$1,204.43').first().waitFor()
    await expectAccessible(admin)
    await admin.getByRole('button', { name: 'Create draft' }).click()
    await admin.getByText('Draft created.').waitFor()
    await admin.getByRole('button', { name: 'Send estimate to the client' }).click()
    await expectToast(admin, 'Done')
    // The toast comes with the action's answer; the heading with the page's data reloaded after it.
    const heading = await admin.getByRole('heading', { level: 1, name: /EST-\d{4}-\d{4}/ }).textContent()
    const estimateNumber = /EST-\d{4}-\d{4}/.exec(heading ?? '')?.[0]
    expect(estimateNumber).toBeDefined()
    await expectAccessible(admin)

    // Client: the e-mail's link, the estimate (now viewed), accepted.
    const mail = await waitForMail(client, new RegExp(`Estimate ${estimateNumber}`))
    const customer = await pageFrom(browser(), uniqueIdentity('billing-client').ip)
    const page = customer.page
    // Signed in over HTTP: the sign-in page's way back to a mailed link is contracts' and accounts-two-factor's.
    await signIn(page, client)
    await open(page, linkIn(mail))
    await page.getByRole('heading', { name: `Estimate ${estimateNumber}`, level: 1 }).waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Accept estimate' }).click()
    await expectToast(page, 'Done')
    await waitForMail('hello@ramapo-it.example', new RegExp(`Estimate ${estimateNumber} accepted`))

    // Staff: convert it, send the invoice, record part of it, then the rest.
    await open(admin, admin.url())
    await admin.getByRole('button', { name: 'Convert into an invoice' }).click()
    await admin.getByText('The estimate is now a draft invoice').waitFor()
    await admin.getByRole('button', { name: 'Send invoice to the client' }).click()
    await expectToast(admin, 'Done')
    const invoiceNumber = /INV-\d{4}-\d{4}/.exec(
      (await admin.getByRole('heading', { level: 1, name: /INV-\d{4}-\d{4}/ }).textContent()) ?? '',
    )?.[0]
    expect(invoiceNumber).toBeDefined()
    await admin.getByLabel('Amount ($)').fill('204.43')
    await admin.getByLabel('Reference').fill('Check 1042')
    await admin.getByRole('button', { name: 'Record payment and e-mail the receipt' }).click()
    await admin
      .getByText(/Payment recorded\. Receipt RCT-/)
      .first()
      .waitFor()
    await admin.getByText('Partially paid', { exact: true }).first().waitFor()
    await admin.getByLabel('ACH bank transfer').click()
    await admin.getByRole('button', { name: 'Record payment and e-mail the receipt' }).click()
    await admin.getByText('Paid', { exact: true }).first().waitFor()
    await expectAccessible(admin)
    const receiptMail = await waitForMail(client, /Receipt RCT-\d{4}-\d{4} for your payment/)
    expect(receiptMail.raw).toMatch(/application\/pdf/)
    expect(receiptMail.raw).toMatch(/filename=RCT-\d{4}-\d{4}\.pdf/)

    // Client: the invoice is paid; the receipt downloads as a PDF with its number and amount.
    expect(await visit(page, '/billing/invoices')).toBe(200)
    const row = page.getByRole('row', { name: new RegExp(invoiceNumber ?? 'none') })
    await row.getByText('Paid', { exact: true }).waitFor()
    expect(await visit(page, '/billing/receipts')).toBe(200)
    const receiptLinks = page.getByRole('link', { name: /^Download RCT-.* as PDF$/ })
    expect(await receiptLinks.count()).toBe(2)
    const href = (await receiptLinks.first().getAttribute('href')) ?? ''
    const pdf = await downloadedText(page, href)
    expect(pdf.type).toBe('application/pdf')
    expect(pdf.disposition).toMatch(/^attachment; filename="RCT-\d{4}-\d{4}\.pdf"$/)
    expect(pdf.text).toMatch(/RCT-\d{4}-\d{4}/)
    expect(pdf.text).toContain(invoiceNumber)
    expect(pdf.text).toMatch(/Amount received \$(1,000\.00|204\.43)/)
    // This state of /billing is checked for accessibility in islands.
    expect(await open(page, '/billing')).toBe(200)
    await page.getByText('Nothing to pay: every invoice is settled.').waitFor()

    expect(appErrors(staff.consoleErrors)).toEqual([])
    expect(appErrors(customer.consoleErrors)).toEqual([])
    await staff.context.close()
    await customer.context.close()
  })

  it('refuses a save over a newer one and keeps what the second editor typed', async () => {
    const first = await pageFrom(browser(), uniqueIdentity('billing-editor-1').ip)
    const second = await pageFrom(browser(), uniqueIdentity('billing-editor-2').ip)
    await addAdminSession(first.page)
    await addAdminSession(second.page)
    // A draft for the demo client, created by the first editor.
    await open(first.page, '/admin/billing/new?kind=invoice')
    // The editor picks the organisation (the demo office, addressed to its billing person).
    await choose(first.page, /^Client/, /^Harbor Dental \(demo\) · Business/)
    await first.page.getByLabel('Description').first().fill('Network check-up')
    await first.page.getByLabel('Unit price ($)').first().fill('150')
    await first.page.getByRole('button', { name: 'Create draft' }).click()
    await first.page.getByText('Draft created.').waitFor()
    const draftPath = new URL(first.page.url()).pathname

    // Both open it; the first saves a change, then the second saves theirs.
    await open(second.page, draftPath)
    await open(first.page, draftPath)
    await first.page.getByLabel('Unit price ($)').first().fill('175')
    await first.page.getByRole('button', { name: 'Save draft' }).click()
    await expectToast(first.page, 'Done', 'Draft saved.')
    await second.page.getByLabel('Description').first().fill('Network check-up and cabling')
    await second.page.getByRole('button', { name: 'Save draft' }).click()
    await second.page
      .getByText(/Someone changed this draft after you opened it/)
      .first()
      .waitFor()
    expect(await second.page.getByLabel('Description').first().inputValue()).toBe('Network check-up and cabling')
    await expectAccessible(second.page)
    // Nothing of the second editor's was saved.
    await open(first.page, draftPath)
    expect(await first.page.getByLabel('Description').first().inputValue()).toBe('Network check-up')
    expect(await first.page.getByLabel('Unit price ($)').first().inputValue()).toBe('175.00')
    expect(appErrors(first.consoleErrors)).toEqual([])
    expect(appErrors(second.consoleErrors)).toEqual([])
    await first.context.close()
    await second.context.close()
  })
})
