import { asc, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessDate } from '../../app/lib/business-time.ts'
import { demoClient } from '../../server/accounts/demo-client.server.ts'
import { textSha256 } from '../../server/contracts/contracts.server.ts'
import { seedDemoContracts } from '../../server/contracts/demo.server.ts'
import {
  contractDetail,
  latestContractFile,
  listClientContracts,
  listStaffContracts,
  verifyHash,
  verifyPdf,
} from '../../server/contracts/queries.server.ts'
import { ensureStandardTemplates } from '../../server/contracts/standard-templates.server.ts'
import { contractFiles, contracts, organisationMembers, user } from '../../server/db/schema/index.server.ts'
import { type Harness, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

let harness: Harness

beforeAll(async () => {
  harness = await startHarness()
  await ensureStandardTemplates(harness.database.db)
})
afterAll(async () => {
  await harness?.cleanup()
})

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

describe(`the demo client's contracts on ${backend}`, () => {
  it('are seeded once, whether two processes boot together or one boots again', async () => {
    const db = harness.database.db
    const now = new Date('2026-05-20T15:00:00Z')
    // Two processes booting at once, then a restart.
    const { onboardingId } = await harness.accounts.seedDemoClient('first-demo-password-1')
    const [first, second] = await Promise.all([
      seedDemoContracts(db, onboardingId, now),
      seedDemoContracts(db, onboardingId, now),
    ])
    expect([first, second].sort()).toEqual([0, 4])
    const before = await db.select().from(contracts).orderBy(asc(contracts.createdAt))
    const filesBefore = await db.select({ id: contractFiles.id }).from(contractFiles)

    const again = await harness.accounts.seedDemoClient('second-demo-password-2')
    expect(again.onboardingId).toBe(onboardingId)
    expect(await seedDemoContracts(db, onboardingId, new Date('2026-05-21T15:00:00Z'))).toBe(0)
    expect(await db.select().from(contracts).orderBy(asc(contracts.createdAt))).toEqual(before)
    expect(await db.select({ id: contractFiles.id }).from(contractFiles)).toEqual(filesBefore)

    // What the client's list shows: waiting, expired and countersigned, numbered in the order sent; no draft.
    const today = businessDate(now)
    const [membership] = await db
      .select({ organisationId: organisationMembers.organisationId })
      .from(organisationMembers)
      .where(eq(organisationMembers.personId, onboardingId))
    const mine = await listClientContracts(db, membership?.organisationId ?? '', today)
    expect(mine.map((c) => [c.title, c.number, c.shown])).toEqual([
      ['Managed Services Agreement', 'CTR-2026-0003', 'sent'],
      ['HIPAA Business Associate Agreement', 'CTR-2026-0002', 'countersigned'],
      ['Managed Services Agreement', 'CTR-2026-0001', 'expired'],
    ])
    const staffList = await listStaffContracts(db, { page: 1 }, today)
    expect(staffList.items.map((c) => c.shown)).toEqual(['draft', 'sent', 'countersigned', 'expired'])
    const draft = before.find((c) => c.status === 'draft')
    expect(draft?.title).toBe('Mutual Nondisclosure Agreement')
    expect(draft?.body).toContain('Harbor Dental (demo)')
    expect(draft?.body).not.toMatch(/\{\{/)
  })

  it('has a signed and countersigned BAA whose stored PDFs verify, with its whole trail', async () => {
    const db = harness.database.db
    const [baa] = await db.select().from(contracts).where(eq(contracts.status, 'countersigned'))
    if (!baa) throw new Error('no countersigned demo contract')
    const [account] = await db.select().from(user).where(eq(user.email, demoClient.email))
    expect(baa).toMatchObject({
      title: 'HIPAA Business Associate Agreement',
      signerName: demoClient.name,
      signerEmail: demoClient.email,
      signerUserId: account?.id,
      signedSha256: textSha256(baa.body),
    })
    const detail = await contractDetail(db, baa.id, baa.organisationId ?? '')
    expect(detail?.integrity.state).toBe('intact')
    expect(detail?.events.map((e) => e.kind)).toEqual(['created', 'sent', 'viewed', 'signed', 'countersigned'])
    expect(detail?.files.map((f) => f.stage)).toEqual(['signed', 'countersigned'])

    const file = await latestContractFile(db, baa.id)
    expect(file?.stage).toBe('countersigned')
    const bytes = file?.pdf ?? Buffer.alloc(0)
    // The longest standard text still fits what /admin/contracts/verify accepts (95 KB).
    expect(bytes.length).toBeLessThan(95_000)
    expect(await verifyPdf(db, bytes)).toMatchObject({
      result: 'issued-file',
      stage: 'countersigned',
      contract: { number: baa.number, integrity: { state: 'intact' } },
    })
    expect(await verifyHash(db, baa.textSha256 ?? '')).toMatchObject({ result: 'text-hash' })
    const text = await pdfText(bytes)
    expect(text).toContain(`Signed electronically by ${demoClient.name}`)
    expect(text).toContain('Certificate of electronic signature')
    expect(text).toContain(baa.textSha256)
  })

  it('waits for a signature on the Managed Services Agreement sent three days ago', async () => {
    const db = harness.database.db
    const [msa] = await db.select().from(contracts).where(eq(contracts.number, 'CTR-2026-0003'))
    expect(msa).toMatchObject({ status: 'sent', viewedAt: null, signedAt: null, expiresOn: '2026-06-16' })
    expect(msa?.textSha256).toBe(textSha256(msa?.body ?? ''))
  })
})
