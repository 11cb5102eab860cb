import { eq, sql } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { newContractFormSchema } from '../../app/features/contracts/schema.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import {
  type ContractClient,
  type ContractDeps,
  type ContractStaff,
  countersignContract,
  createContract,
  declineContract,
  markContractViewed,
  sendContract,
  signContract,
  textSha256,
  updateContractDraft,
  withdrawContract,
} from '../../server/contracts/contracts.server.ts'
import {
  claimedIdentity,
  contractDetail,
  latestContractFile,
  listClientContracts,
  verifyHash,
  verifyPdf,
} from '../../server/contracts/queries.server.ts'
import { ensureStandardTemplates, standardTemplates } from '../../server/contracts/standard-templates.server.ts'
import {
  auditLog,
  billingNumberCounters,
  clientOnboarding,
  contracts,
  contractTemplates,
} from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { clientAccount, PUBLIC_URL, queuedMails, queueOnlyOutbox, testClock } from './helpers/billing.ts'
import { openTestDatabase, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase
let outbox: Outbox
let clock: ReturnType<typeof testClock>
let deps: ContractDeps
let carla: ContractClient
let bruno: ContractClient
let msaId: string

const staff: ContractStaff = { userId: 'user-admin-1', email: 'owner@example.com', name: 'Dana Owner' }
const carlaBrowser = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Test) Carla' }
const office = { ip: '198.51.100.2', userAgent: 'Mozilla/5.0 (Test) Office' }

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
})
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})
beforeEach(async () => {
  // Truncate: the triggers refuse row deletes of sent contracts and their trail, as they should.
  await database.db.execute(
    sql`truncate contract_files, contract_events, contracts, contract_templates, billing_number_counters, audit_log`,
  )
  await database.db.delete(clientOnboarding)
  await database.db.execute(sql`delete from pgboss.job where name = 'mail'`)
  clock = testClock()
  deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: clock.now }
  expect(await ensureStandardTemplates(database.db)).toBe(standardTemplates.length)
  const [msa] = await database.db.select().from(contractTemplates).where(eq(contractTemplates.key, 'managed-services'))
  msaId = msa?.id ?? ''
  carla = await clientAccount(database, 'carla@harbor.example', {
    fullName: 'Carla Reyes',
    companyName: 'Harbor Dental',
  })
  bruno = await clientAccount(database, 'bruno@bakery.example', { fullName: 'Bruno Baker', companyName: 'Bakery' })
})

const input = (clientId: string, fields: Record<string, string> = {}) =>
  newContractFormSchema.parse({
    templateId: msaId,
    clientId,
    plan: 'Full Help Desk',
    pricePerUser: '$100.00',
    users: '12',
    startDate: 'April 1, 2026',
    term: '12 months',
    expiresOn: '2026-03-31',
    ...fields,
  })

async function sentContract() {
  const draft = await createContract(deps, staff, input(carla.clientId), office)
  return sendContract(deps, staff, draft.id, office)
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

describe('contracts from templates', () => {
  it('seeds the standard templates once, and never overwrites an edited one', async () => {
    await database.db.update(contractTemplates).set({ body: 'Edited' }).where(eq(contractTemplates.id, msaId))
    expect(await ensureStandardTemplates(database.db)).toBe(0)
    const [msa] = await database.db.select().from(contractTemplates).where(eq(contractTemplates.id, msaId))
    expect(msa?.body).toBe('Edited')
  })

  it('fills the placeholders with the client and the terms, and numbers it CTR-year-n when sent', async () => {
    const draft = await createContract(deps, staff, input(carla.clientId), office)
    expect(draft.status).toBe('draft')
    expect(draft.number).toBeNull()
    expect(draft.body).toContain('**Harbor Dental**')
    expect(draft.body).toContain('represented by Carla Reyes')
    expect(draft.body).toContain('**$100.00 per user**')
    expect(draft.body).not.toMatch(/\{\{/)
    const sent = await sendContract(deps, staff, draft.id, office)
    expect(sent.number).toBe('CTR-2026-0001')
    expect(sent.textSha256).toBe(textSha256(sent.body))
    const second = await sendContract(
      deps,
      staff,
      (await createContract(deps, staff, input(bruno.clientId), office)).id,
      office,
    )
    expect(second.number).toBe('CTR-2026-0002')
    const [counter] = await database.db.select().from(billingNumberCounters)
    expect(counter).toMatchObject({ series: 'CTR', year: 2026, lastNumber: 2 })
    const mails = await queuedMails(database)
    expect(mails[0]?.to).toEqual(['carla@harbor.example'])
    expect(mails[0]?.text).toContain(`${PUBLIC_URL}/billing/contracts/${sent.id}`)
  })

  it('refuses to send a text with a placeholder left, and keeps drafts from their client', async () => {
    const draft = await createContract(deps, staff, input(carla.clientId), office)
    const edited = await updateContractDraft(deps, staff, draft.id, draft.updatedAt, {
      title: draft.title,
      body: `${draft.body}\nSigned for {{signatory}}.`,
      expiresOn: draft.expiresOn,
    })
    await expect(sendContract(deps, staff, edited.id, office)).rejects.toThrow(/\{\{signatory\}\}/)
    expect(await listClientContracts(database.db, carla.organisationId, '2026-03-02')).toEqual([])
    expect(await contractDetail(database.db, draft.id, carla.organisationId)).toBeNull()
  })
})

describe('signing', () => {
  it('records the view and the signature (name, e-mail, account, time, IP, user agent, hash), then the countersignature; both sides get the PDF', async () => {
    const sent = await sentContract()
    clock.set('2026-03-03T14:05:09Z')
    const viewed = await markContractViewed(deps, carla, sent.id, carlaBrowser)
    expect(viewed.status).toBe('viewed')
    clock.set('2026-03-03T14:20:00Z')
    const signed = await signContract(
      deps,
      carla,
      sent.id,
      { fullName: 'Carla M. Reyes', shownSha256: sent.textSha256 ?? '' },
      carlaBrowser,
    )
    expect(signed).toMatchObject({
      status: 'signed',
      signerName: 'Carla M. Reyes',
      signerEmail: 'carla@harbor.example',
      signerUserId: carla.userId,
      signerIp: '203.0.113.7',
      signerUserAgent: 'Mozilla/5.0 (Test) Carla',
      signedSha256: sent.textSha256,
    })
    expect(signed.signedAt?.toISOString()).toBe('2026-03-03T14:20:00.000Z')
    expect(signed.consentText).toMatch(/^I agree to use an electronic signature/)

    clock.set('2026-03-04T16:00:00Z')
    const done = await countersignContract(deps, staff, sent.id, 'Dana Owner', office)
    expect(done.status).toBe('countersigned')
    expect(done.countersignerIp).toBe('198.51.100.2')

    const detail = await contractDetail(database.db, sent.id, carla.organisationId)
    expect(detail?.events.map((e) => e.kind)).toEqual(['created', 'sent', 'viewed', 'signed', 'countersigned'])
    expect(detail?.integrity.state).toBe('intact')
    expect(detail?.files.map((f) => f.stage)).toEqual(['signed', 'countersigned'])

    // Signed: the client and the business inbox; countersigned: both again, each with the PDF.
    const mails = (await queuedMails(database)).filter((m) => m.attachments?.length)
    // (One transaction queues both mails of a step; their order in the queue is not theirs to keep.)
    expect(mails.map((m) => [m.to[0], m.subject]).sort()).toEqual(
      [
        ['carla@harbor.example', 'Signed: Managed Services Agreement CTR-2026-0001'],
        ['hello@ramapo-it.example', 'Signed: Managed Services Agreement CTR-2026-0001'],
        ['carla@harbor.example', 'Fully signed: Managed Services Agreement CTR-2026-0001'],
        ['hello@ramapo-it.example', 'Fully signed: Managed Services Agreement CTR-2026-0001'],
      ].sort(),
    )
    const final = mails.find((m) => m.to[0] === 'carla@harbor.example' && m.subject.startsWith('Fully'))
    expect(final?.attachments?.[0]?.filename).toBe('CTR-2026-0001.pdf')

    // The final PDF, read back: the text, the signer's name, the time (New York and UTC), IP and hash.
    const file = await latestContractFile(database.db, sent.id)
    expect(file?.stage).toBe('countersigned')
    expect(
      Buffer.from(final?.attachments?.[0]?.contentBase64 ?? '', 'base64').equals(file?.pdf ?? Buffer.alloc(0)),
    ).toBe(true)
    const text = await pdfText(file?.pdf ?? new Uint8Array())
    expect(text).toContain('Managed Services Agreement')
    expect(text).toContain('Harbor Dental')
    expect(text).toContain('Signed electronically by Carla M. Reyes')
    expect(text).toContain('March 3, 2026 at 9:20:00 AM EST (2026-03-03 14:20:00 UTC)')
    expect(text).toContain('203.0.113.7')
    expect(text).toContain('Certificate of electronic signature')
    expect(text).toContain(sent.textSha256)
    expect(text).toContain('Dana Owner')
    for (const event of ['Created', 'Sent', 'Viewed', 'Signed', 'Countersigned']) expect(text).toContain(event)
    expect(claimedIdentity(file?.pdf ?? new Uint8Array())).toEqual({
      number: 'CTR-2026-0001',
      textSha256: sent.textSha256,
    })

    const actions = (await database.db.select().from(auditLog)).map((row) => row.action).sort()
    expect(actions).toEqual(
      ['contract.countersign', 'contract.create', 'contract.send', 'contract.sign', 'contract.view'].sort(),
    )
  })

  it('refuses a signature of a text other than the one shown, and another client entirely', async () => {
    const sent = await sentContract()
    await expect(
      signContract(deps, carla, sent.id, { fullName: 'Carla', shownSha256: 'f'.repeat(64) }, carlaBrowser),
    ).rejects.toMatchObject({ kind: 'conflict' })
    await expect(
      signContract(deps, bruno, sent.id, { fullName: 'Bruno', shownSha256: sent.textSha256 ?? '' }, carlaBrowser),
    ).rejects.toMatchObject({ kind: 'not_found' })
    await expect(markContractViewed(deps, bruno, sent.id, carlaBrowser)).rejects.toMatchObject({ kind: 'not_found' })
  })

  it('cannot sign an expired or a withdrawn contract, nor decline them', async () => {
    const expiring = await sentContract()
    clock.set('2026-04-01T15:00:00Z') // the day after its expiry date, in New York
    const sign = (id: string, hash: string | null) =>
      signContract(deps, carla, id, { fullName: 'Carla Reyes', shownSha256: hash ?? '' }, carlaBrowser)
    await expect(sign(expiring.id, expiring.textSha256)).rejects.toThrow(/expired/)
    await expect(declineContract(deps, carla, expiring.id, 'Too late', carlaBrowser)).rejects.toThrow(/expired/)

    clock.set('2026-03-02T15:00:00Z')
    const withdrawn = await sentContract()
    await withdrawContract(deps, staff, withdrawn.id, 'Wrong number of users', office)
    await expect(sign(withdrawn.id, withdrawn.textSha256)).rejects.toThrow(/withdrawn/)
    const rows = await database.db.select().from(contracts)
    expect(rows.every((row) => row.signedAt === null)).toBe(true)
    const withdrawnMail = (await queuedMails(database)).find((m) => m.subject.startsWith('Withdrawn'))
    expect(withdrawnMail?.text).toContain('Wrong number of users')
  })

  it('takes a decline with its reason, and tells the business', async () => {
    const sent = await sentContract()
    const declined = await declineContract(deps, carla, sent.id, 'We need 15 users, not 12.', carlaBrowser)
    expect(declined.status).toBe('declined')
    await expect(
      signContract(deps, carla, sent.id, { fullName: 'Carla', shownSha256: sent.textSha256 ?? '' }, carlaBrowser),
    ).rejects.toBeInstanceOf(DomainError)
    const mail = (await queuedMails(database)).find((m) => m.subject.startsWith('Declined'))
    expect(mail?.to).toEqual(['hello@ramapo-it.example'])
    expect(mail?.text).toContain('We need 15 users, not 12.')
  })
})

describe('the record cannot change', () => {
  async function signedContract() {
    const sent = await sentContract()
    return signContract(
      deps,
      carla,
      sent.id,
      { fullName: 'Carla Reyes', shownSha256: sent.textSha256 ?? '' },
      carlaBrowser,
    )
  }

  it('refuses, in the database, any UPDATE of a signed contract’s text or signature, and its deletion', async () => {
    const signed = await signedContract()
    const attempts = [
      sql`update contracts set body = body || ' and more' where id = ${signed.id}`,
      sql`update contracts set signer_name = 'Someone Else' where id = ${signed.id}`,
      sql`update contracts set signed_at = now() where id = ${signed.id}`,
      sql`update contracts set signer_ip = '10.0.0.1' where id = ${signed.id}`,
      sql`update contracts set status = 'sent' where id = ${signed.id}`,
      sql`delete from contracts where id = ${signed.id}`,
      sql`update contract_events set ip = '10.0.0.1' where contract_id = ${signed.id}`,
      sql`delete from contract_events where contract_id = ${signed.id}`,
      sql`update contract_files set sha256 = repeat('0', 64) where contract_id = ${signed.id}`,
    ]
    for (const statement of attempts) {
      await expect(database.db.execute(statement)).rejects.toThrow()
    }
    const [row] = await database.db.select().from(contracts).where(eq(contracts.id, signed.id))
    expect(row).toMatchObject({
      body: signed.body,
      signerName: 'Carla Reyes',
      status: 'signed',
      signerIp: '203.0.113.7',
    })
  })

  it('refuses any change of a sent contract’s text even before it is signed, and anything after countersigning', async () => {
    const sent = await sentContract()
    await expect(
      database.db.execute(sql`update contracts set body = 'Other terms' where id = ${sent.id}`),
    ).rejects.toThrow()
    await signContract(deps, carla, sent.id, { fullName: 'Carla', shownSha256: sent.textSha256 ?? '' }, carlaBrowser)
    await countersignContract(deps, staff, sent.id, 'Dana Owner', office)
    await expect(
      database.db.execute(sql`update contracts set countersigner_name = 'Other' where id = ${sent.id}`),
    ).rejects.toThrow()
  })

  it('detects text altered behind the triggers’ back: the page says it no longer matches, and it cannot be countersigned', async () => {
    const signed = await signedContract()
    expect((await contractDetail(database.db, signed.id))?.integrity.state).toBe('intact')
    // Someone with the database's owner rights turns the trigger off and edits the text.
    await database.db.execute(sql`alter table contracts disable trigger contracts_keep_record`)
    await database.db.execute(
      sql`update contracts set body = replace(body, '$100.00 per user', '$10.00 per user') where id = ${signed.id}`,
    )
    await database.db.execute(sql`alter table contracts enable trigger contracts_keep_record`)
    const detail = await contractDetail(database.db, signed.id, carla.organisationId)
    expect(detail?.integrity).toMatchObject({ state: 'altered', recorded: signed.signedSha256 })
    expect(detail?.integrity.state === 'altered' && detail.integrity.current).not.toBe(signed.signedSha256)
    await expect(countersignContract(deps, staff, signed.id, 'Dana Owner', office)).rejects.toThrow(/no longer matches/)
  })
})

describe('verification of a PDF in hand', () => {
  it('knows a file it issued, an altered copy that names a contract, a text hash, and a stranger', async () => {
    const sent = await sentContract()
    await signContract(deps, carla, sent.id, { fullName: 'Carla', shownSha256: sent.textSha256 ?? '' }, carlaBrowser)
    const file = await latestContractFile(database.db, sent.id)
    const bytes = file?.pdf ?? Buffer.alloc(0)
    expect(await verifyPdf(database.db, bytes)).toMatchObject({
      result: 'issued-file',
      stage: 'signed',
      contract: { number: 'CTR-2026-0001', integrity: { state: 'intact' } },
    })
    // The same file with one byte more: not the file issued, however genuine the number and hash it carries.
    const resaved = Buffer.concat([bytes, Buffer.from('\n')])
    expect(await verifyPdf(database.db, resaved)).toMatchObject({
      result: 'not-issued',
      claimedNumber: 'CTR-2026-0001',
      contract: { number: 'CTR-2026-0001' },
    })
    const forged = Buffer.from(bytes.toString('latin1').replace(sent.textSha256 ?? '', 'a'.repeat(64)), 'latin1')
    expect(await verifyPdf(database.db, forged)).toMatchObject({ result: 'not-issued' })
    const elsewhere = Buffer.from(bytes.toString('latin1').replaceAll('CTR-2026-0001', 'CTR-2026-9999'), 'latin1')
    expect(await verifyPdf(database.db, elsewhere)).toMatchObject({
      result: 'unknown-number',
      claimedNumber: 'CTR-2026-9999',
    })
    expect(await verifyPdf(database.db, Buffer.from('%PDF-1.4 nothing of ours'))).toMatchObject({ result: 'unknown' })
    expect(await verifyHash(database.db, file?.sha256 ?? '')).toMatchObject({ result: 'issued-file' })
    expect(await verifyHash(database.db, sent.textSha256 ?? '')).toMatchObject({ result: 'text-hash' })
    expect(await verifyHash(database.db, '0'.repeat(64))).toMatchObject({ result: 'unknown' })
  })
})
