import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentFormSchema } from '../../app/features/billing/schema.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import {
  acceptEstimate,
  type BillingDeps,
  type ClientActor,
  convertEstimate,
  createDraft,
  declineEstimate,
  deleteDraft,
  markViewed,
  recordPayment,
  sendDocument,
  setReminders,
  updateDraft,
  voidDocument,
} from '../../server/billing/documents.server.ts'
import {
  clientSummary,
  documentDetail,
  listClientDocuments,
  listStaffDocuments,
} from '../../server/billing/queries.server.ts'
import { auditLog, billingDocuments, billingPayments, clientOnboarding } from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import {
  clientAccount,
  draft,
  PUBLIC_URL,
  queuedMails,
  queueOnlyOutbox,
  resetBilling,
  staff,
  testClock,
} from './helpers/billing.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase
let outbox: Outbox
let clock: ReturnType<typeof testClock>
let deps: BillingDeps
let carla: ClientActor
let bruno: ClientActor

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
})
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})
beforeEach(async () => {
  await resetBilling(database)
  clock = testClock()
  deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: clock.now }
  carla = await clientAccount(database, 'carla@harbor.example')
  bruno = await clientAccount(database, 'bruno@bergen.example', {
    fullName: 'Bruno Other',
    companyName: 'Bergen Bakery',
  })
})

async function thrown(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}

const audit = async (subjectId?: string) =>
  (await database.db.select().from(auditLog).orderBy(auditLog.at)).filter(
    (row) => !subjectId || row.subjectId === subjectId,
  )
const payment = (fields: Record<string, string>) =>
  paymentFormSchema.parse({ method: 'check', receivedOn: '2026-03-02', reference: 'Check 1042', ...fields })

async function pdfText(base64: string): Promise<string> {
  const proxy = await getDocumentProxy(new Uint8Array(Buffer.from(base64, 'base64')))
  return (await extractText(proxy, { mergePages: true })).text.replace(/\s+/g, ' ')
}

describe(`billing documents on ${backend}`, () => {
  it('keeps a draft to staff, with totals by the rounding rule, and audits its creation', async () => {
    const doc = await createDraft(deps, staff, draft(carla.clientId))
    // 5 × $100 + $649.99 taxable; tax 8.375 % of $649.99 = 54.4366… → $54.44.
    expect(doc).toMatchObject({
      status: 'draft',
      number: null,
      subtotalCents: 114_999,
      taxableCents: 64_999,
      taxCents: 5444,
      totalCents: 120_443,
    })
    expect(await documentDetail(database.db, doc.id, carla.organisationId)).toBeNull()
    expect(
      (await listClientDocuments(database.db, carla.organisationId, { kind: 'invoice' }, '2026-03-02')).total,
    ).toBe(0)
    expect(await audit(doc.id)).toMatchObject([{ action: 'billing.create', actorEmail: staff.email }])
  })

  it('refuses to save a draft over a newer edit, and saves the latest one with its lines replaced', async () => {
    const doc = await createDraft(deps, staff, draft(carla.clientId))
    clock.advanceDays(0.01)
    const first = await updateDraft(
      deps,
      staff,
      doc.id,
      doc.updatedAt,
      draft(carla.clientId, { lines: [{ description: 'One line', quantity: '1', unitPrice: '10' }] }),
    )
    expect(first.totalCents).toBe(1000)
    // A second editor still holds the version loaded before the first save.
    const stale = await thrown(updateDraft(deps, staff, doc.id, doc.updatedAt, draft(carla.clientId)))
    expect(stale.kind).toBe('conflict')
    expect(stale.message).toMatch(/your changes are still in the form/)
    const detail = await documentDetail(database.db, doc.id)
    expect(detail?.lines.map((l) => l.description)).toEqual(['One line'])
    expect((await audit(doc.id)).map((r) => r.action)).toEqual(['billing.create', 'billing.update'])
  })

  it('refuses documents for an account that is not an approved client', async () => {
    const pending = await clientAccount(database, 'pending@example.com', { status: 'pending' })
    expect((await thrown(createDraft(deps, staff, draft(pending.clientId)))).fields).toHaveProperty('clientId')
    expect(
      (await thrown(createDraft(deps, staff, draft('00000000-0000-4000-8000-000000000000')))).fields,
    ).toHaveProperty('clientId')
  })

  it('sends a draft: numbered, dated, frozen with the issuer and addressee, the client e-mailed a link', async () => {
    const doc = await createDraft(deps, staff, draft(carla.clientId, { kind: 'estimate' }))
    const sent = await sendDocument(deps, staff, doc.id, doc.updatedAt)
    expect(sent).toMatchObject({
      status: 'sent',
      number: 'EST-2026-0001',
      issuedOn: '2026-03-02',
      sentByEmail: staff.email,
      billTo: { name: 'Carla Client', companyName: 'Harbor Dental', email: carla.email },
      issuer: { name: 'Ramapo IT Services', town: 'Suffern' },
      paymentInstructions: null,
    })
    const [mail] = await queuedMails(database)
    expect(mail?.to).toEqual([carla.email])
    expect(mail?.subject).toBe('Estimate EST-2026-0001 from Ramapo IT Services')
    expect(mail?.text).toContain(`${PUBLIC_URL}/billing/estimates/${doc.id}`)
    expect(mail?.text).toContain('valid until Mar 31, 2026')

    // Frozen: the account's new name does not rewrite it, and it cannot be edited or sent again.
    await database.db
      .update(clientOnboarding)
      .set({ fullName: 'Carla Renamed' })
      .where(eq(clientOnboarding.id, carla.clientId))
    expect((await documentDetail(database.db, doc.id))?.document.billTo?.name).toBe('Carla Client')
    expect((await thrown(updateDraft(deps, staff, doc.id, sent.updatedAt, draft(carla.clientId)))).kind).toBe(
      'conflict',
    )
    expect((await thrown(sendDocument(deps, staff, doc.id))).kind).toBe('conflict')
    expect((await thrown(deleteDraft(deps, staff, doc.id))).kind).toBe('conflict')
    expect((await audit(doc.id)).map((r) => r.action)).toEqual(['billing.create', 'billing.send'])
  })

  it('refuses to send a draft whose due date has passed', async () => {
    const doc = await createDraft(deps, staff, draft(carla.clientId, { dueOn: '2026-03-01' }))
    const error = await thrown(sendDocument(deps, staff, doc.id))
    expect(error).toMatchObject({ kind: 'conflict', fields: { dueOn: [expect.any(String)] } })
    expect((await documentDetail(database.db, doc.id))?.document.status).toBe('draft')
  })

  it('marks the first opening by the client as viewed, once', async () => {
    const doc = await sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId))).id)
    clock.advanceDays(1)
    const viewed = await markViewed(deps, carla, doc.id)
    expect(viewed.status).toBe('viewed')
    expect(viewed.viewedAt?.toISOString()).toBe('2026-03-03T15:00:00.000Z')
    clock.advanceDays(1)
    expect((await markViewed(deps, carla, doc.id)).viewedAt?.toISOString()).toBe('2026-03-03T15:00:00.000Z')
    expect((await audit(doc.id)).map((r) => [r.action, r.actorEmail])).toEqual([
      ['billing.create', staff.email],
      ['billing.send', staff.email],
      ['billing.view', carla.email],
    ])
  })

  it("answers another client's documents exactly as documents that do not exist", async () => {
    const estimate = await sendDocument(
      deps,
      staff,
      (await createDraft(deps, staff, draft(carla.clientId, { kind: 'estimate' }))).id,
    )
    const invoiceDraft = await createDraft(deps, staff, draft(carla.clientId))
    for (const id of [estimate.id, invoiceDraft.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await documentDetail(database.db, id, bruno.organisationId)).toBeNull()
      expect((await thrown(markViewed(deps, bruno, id))).kind).toBe('not_found')
      expect((await thrown(acceptEstimate(deps, bruno, id))).kind).toBe('not_found')
      expect((await thrown(declineEstimate(deps, bruno, id, null))).kind).toBe('not_found')
    }
    // Carla's own draft is not hers to see yet either.
    expect((await thrown(markViewed(deps, carla, invoiceDraft.id))).kind).toBe('not_found')
    expect(
      (await listClientDocuments(database.db, bruno.organisationId, { kind: 'estimate' }, '2026-03-02')).total,
    ).toBe(0)
    expect((await documentDetail(database.db, estimate.id, bruno.organisationId)) === null).toBe(true)
    expect(await audit(estimate.id)).toHaveLength(2)
  })

  it('lets the client accept their estimate once, and tells staff', async () => {
    const estimate = await sendDocument(
      deps,
      staff,
      (await createDraft(deps, staff, draft(carla.clientId, { kind: 'estimate' }))).id,
    )
    const accepted = await acceptEstimate(deps, carla, estimate.id)
    expect(accepted).toMatchObject({ status: 'accepted', decidedAt: clock.now() })
    const mails = await queuedMails(database)
    expect(mails.at(-1)).toMatchObject({
      to: ['hello@ramapo-it.example'],
      subject: 'Estimate EST-2026-0001 accepted by Carla Client (Harbor Dental)',
    })
    expect(mails.at(-1)?.text).toContain(`${PUBLIC_URL}/admin/billing/${estimate.id}`)
    const again = await thrown(acceptEstimate(deps, carla, estimate.id))
    expect(again.kind).toBe('conflict')
    expect((await thrown(declineEstimate(deps, carla, estimate.id, 'Changed my mind'))).kind).toBe('conflict')
    expect((await audit(estimate.id)).at(-1)).toMatchObject({ action: 'billing.accept', actorEmail: carla.email })
  })

  it('lets the client decline with a reason, and refuses a decision once the estimate has expired', async () => {
    const make = async () =>
      sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId, { kind: 'estimate' }))).id)
    const first = await make()
    const declined = await declineEstimate(deps, carla, first.id, 'Too expensive for this quarter.')
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'Too expensive for this quarter.' })
    expect((await queuedMails(database)).at(-1)?.text).toContain('Reason: Too expensive for this quarter.')

    const second = await make()
    // Valid until March 31: the day after, it can no longer be accepted, and says so.
    clock.set('2026-04-01T14:00:00Z')
    const late = await thrown(acceptEstimate(deps, carla, second.id))
    expect(late.kind).toBe('conflict')
    expect(late.message).toMatch(/expired and can no longer be accepted/)
    const listed = await listClientDocuments(
      database.db,
      carla.organisationId,
      { kind: 'estimate', status: 'expired' },
      '2026-04-01',
    )
    expect(listed.items.map((i) => [i.number, i.shown])).toEqual([['EST-2026-0002', 'expired']])
  })

  it('converts an accepted estimate into a draft invoice with the same lines, once', async () => {
    const estimate = await sendDocument(
      deps,
      staff,
      (await createDraft(deps, staff, draft(carla.clientId, { kind: 'estimate' }))).id,
    )
    expect((await thrown(convertEstimate(deps, staff, estimate.id))).kind).toBe('conflict')
    await acceptEstimate(deps, carla, estimate.id)
    const invoice = await convertEstimate(deps, staff, estimate.id)
    expect(invoice).toMatchObject({
      kind: 'invoice',
      status: 'draft',
      clientId: carla.clientId,
      totalCents: estimate.totalCents,
      sourceDocumentId: estimate.id,
      dueOn: '2026-04-01',
    })
    const detail = await documentDetail(database.db, invoice.id)
    expect(detail?.lines.map((l) => [l.description, l.amountCents])).toEqual([
      ['Full Help Desk (per user per month)', 50_000],
      ['Replacement firewall', 64_999],
    ])
    expect(detail?.source?.number).toBe('EST-2026-0001')
    expect((await documentDetail(database.db, estimate.id))?.convertedTo?.id).toBe(invoice.id)
    expect((await thrown(convertEstimate(deps, staff, estimate.id))).kind).toBe('conflict')
    // The converted draft cannot be deleted (the estimate would point nowhere).
    expect((await thrown(deleteDraft(deps, staff, invoice.id))).kind).toBe('conflict')
  })

  it('records a partial then a full payment: receipts with their PDF e-mailed, invoice partially paid then paid', async () => {
    const invoice = await sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId))).id)
    const part = await recordPayment(deps, staff, invoice.id, payment({ amount: '500' }))
    expect(part.invoice).toMatchObject({ status: 'partially_paid', amountPaidCents: 50_000 })
    expect(part.receipt).toMatchObject({
      kind: 'receipt',
      status: 'issued',
      number: 'RCT-2026-0001',
      totalCents: 50_000,
    })
    const receiptMail = (await queuedMails(database)).at(-1)
    expect(receiptMail?.subject).toBe('Receipt RCT-2026-0001 for your payment to Ramapo IT Services')
    expect(receiptMail?.text).toContain('The balance left on invoice INV-2026-0001 is $704.43.')
    expect(receiptMail?.attachments?.[0]).toMatchObject({
      filename: 'RCT-2026-0001.pdf',
      contentType: 'application/pdf',
    })
    const text = await pdfText(receiptMail?.attachments?.[0]?.contentBase64 ?? '')
    expect(text).toContain('RCT-2026-0001')
    expect(text).toContain('Amount received $500.00')
    expect(text).toContain('Check 1042')

    const tooMuch = await thrown(recordPayment(deps, staff, invoice.id, payment({ amount: '704.44' })))
    expect(tooMuch.message).toMatch(/no more than the balance due/)
    const rest = await recordPayment(deps, staff, invoice.id, payment({ amount: '704.43', method: 'ach' }))
    expect(rest.invoice).toMatchObject({ status: 'paid', amountPaidCents: 120_443, paidAt: clock.now() })
    expect((await queuedMails(database)).at(-1)?.text).toContain('Invoice INV-2026-0001 is now paid in full.')
    expect((await thrown(recordPayment(deps, staff, invoice.id, payment({ amount: '1' })))).kind).toBe('conflict')

    const detail = await documentDetail(database.db, invoice.id, carla.organisationId)
    expect(detail?.payments.map((p) => [p.amountCents, p.receiptNumber, p.balanceAfterCents])).toEqual([
      [50_000, 'RCT-2026-0001', 70_443],
      [70_443, 'RCT-2026-0002', 0],
    ])
    const receipts = await listClientDocuments(database.db, carla.organisationId, { kind: 'receipt' }, '2026-03-02')
    expect(receipts.items.map((r) => r.number).sort()).toEqual(['RCT-2026-0001', 'RCT-2026-0002'])
    expect((await audit(invoice.id)).filter((r) => r.action === 'billing.payment')).toHaveLength(2)
  })

  it('never takes more than the balance when two payments are recorded at once', async () => {
    const invoice = await sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId))).id)
    const results = await Promise.allSettled([
      recordPayment(deps, staff, invoice.id, payment({ amount: '1000' })),
      recordPayment(deps, staff, invoice.id, payment({ amount: '1000' })),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rows = await database.db.select().from(billingPayments)
    expect(rows).toHaveLength(1)
    const [stored] = await database.db.select().from(billingDocuments).where(eq(billingDocuments.id, invoice.id))
    expect(stored?.amountPaidCents).toBe(100_000)
  })

  it('refuses a payment received in the future, or against an unsent invoice', async () => {
    const doc = await createDraft(deps, staff, draft(carla.clientId))
    expect((await thrown(recordPayment(deps, staff, doc.id, payment({ amount: '10' })))).kind).toBe('conflict')
    await sendDocument(deps, staff, doc.id)
    const future = await thrown(recordPayment(deps, staff, doc.id, payment({ amount: '10', receivedOn: '2026-03-03' })))
    expect(future.fields).toHaveProperty('receivedOn')
  })

  it('voids a sent invoice with nothing paid and tells the client why; not once money came in', async () => {
    const first = await sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId))).id)
    const voided = await voidDocument(deps, staff, first.id, 'Billed to the wrong office.')
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Billed to the wrong office.' })
    expect((await queuedMails(database)).at(-1)).toMatchObject({
      to: [carla.email],
      subject: 'Invoice INV-2026-0001 is void',
    })
    const second = await sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId))).id)
    await recordPayment(deps, staff, second.id, payment({ amount: '1' }))
    expect((await thrown(voidDocument(deps, staff, second.id, 'Oops'))).kind).toBe('conflict')
  })

  it('turns reminders off and on per invoice, audited', async () => {
    const invoice = await sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId))).id)
    expect((await setReminders(deps, staff, invoice.id, false)).remindersEnabled).toBe(false)
    expect((await setReminders(deps, staff, invoice.id, true)).remindersEnabled).toBe(true)
    expect((await audit(invoice.id)).map((r) => r.action).slice(-2)).toEqual([
      'billing.reminders_off',
      'billing.reminders_on',
    ])
  })

  it('writes nothing, and gives the number back, when the e-mail cannot be queued', async () => {
    const doc = await createDraft(deps, staff, draft(carla.clientId))
    const failing: BillingDeps = {
      ...deps,
      outbox: {
        enqueue: async () => {
          throw new Error('queue unavailable')
        },
      },
    }
    await expect(sendDocument(failing, staff, doc.id)).rejects.toThrow('queue unavailable')
    const [stored] = await database.db.select().from(billingDocuments).where(eq(billingDocuments.id, doc.id))
    expect(stored).toMatchObject({ status: 'draft', number: null })
    expect((await audit(doc.id)).map((r) => r.action)).toEqual(['billing.create'])
    expect((await sendDocument(deps, staff, doc.id)).number).toBe('INV-2026-0001')
  })

  it('numbers documents sent at the same time without gaps or repeats', async () => {
    const drafts = await Promise.all(Array.from({ length: 12 }, () => createDraft(deps, staff, draft(carla.clientId))))
    const sent = await Promise.all(drafts.map((d) => sendDocument(deps, staff, d.id)))
    expect(sent.map((d) => d.number).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `INV-2026-${String(i + 1).padStart(4, '0')}`),
    )
  })

  it('lists with status filters (overdue read from the due date), search, and a client summary', async () => {
    const send = async (fields: Record<string, unknown>, client = carla) =>
      sendDocument(deps, staff, (await createDraft(deps, staff, draft(client.clientId, fields))).id)
    const due = await send({ dueOn: '2026-03-10' })
    const later = await send({ dueOn: '2026-05-01' })
    const estimate = await send({ kind: 'estimate' })
    await send({}, bruno)
    await recordPayment(deps, staff, due.id, payment({ amount: '100' }))
    const today = '2026-03-15'
    const overdue = await listClientDocuments(
      database.db,
      carla.organisationId,
      { kind: 'invoice', status: 'overdue' },
      today,
    )
    expect(overdue.items.map((i) => [i.number, i.shown, i.balanceCents])).toEqual([
      ['INV-2026-0001', 'overdue', 110_443],
    ])
    const sent = await listClientDocuments(
      database.db,
      carla.organisationId,
      { kind: 'invoice', status: 'sent' },
      today,
    )
    expect(sent.items.map((i) => i.number)).toEqual([later.number])

    const summary = await clientSummary(database.db, carla.organisationId, today)
    expect(summary.balanceDueCents).toBe(110_443 + 120_443)
    expect(summary.openInvoices).toBe(2)
    expect(summary.overdue.map((i) => i.number)).toEqual(['INV-2026-0001'])
    expect(summary.awaitingDecision.map((i) => i.id)).toEqual([estimate.id])
    expect(summary.latestReceipts.map((i) => i.number)).toEqual(['RCT-2026-0001'])

    const bakery = await listStaffDocuments(database.db, { q: 'bakery' }, today)
    expect(bakery.items.map((i) => i.companyName)).toEqual(['Bergen Bakery'])
    const byNumber = await listStaffDocuments(database.db, { q: 'EST-2026' }, today)
    expect(byNumber.items.map((i) => i.number)).toEqual(['EST-2026-0001'])
    // A client's e-mail finds every document of theirs, and only theirs (the numbers do not hold it).
    const carlas = await listStaffDocuments(database.db, { clientId: carla.clientId }, today)
    const byEmail = await listStaffDocuments(database.db, { q: 'CARLA@HARBOR' }, today)
    expect(byEmail.total).toBeGreaterThan(0)
    expect(byEmail.total).toBe(carlas.total)
    expect(byEmail.items.map((i) => i.id)).toEqual(carlas.items.map((i) => i.id))
    // LIKE's wildcards are searched for literally.
    expect((await listStaffDocuments(database.db, { q: '%' }, today)).total).toBe(0)
    const receipts = await listStaffDocuments(database.db, { kind: 'receipt', clientId: carla.clientId }, today)
    expect(receipts.total).toBe(1)
    const march = await listStaffDocuments(
      database.db,
      { from: '2026-03-01', to: '2026-03-31', kind: 'invoice' },
      today,
    )
    expect(march.total).toBe(3)
    expect((await listStaffDocuments(database.db, { from: '2026-04-01' }, today)).total).toBe(0)
  })
})
