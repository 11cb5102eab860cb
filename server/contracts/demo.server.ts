import { eq } from 'drizzle-orm'
import { business } from '../../app/content/business.ts'
import { addDays, businessDate, formatCalendarDate } from '../../app/lib/business-time.ts'
import type { Db } from '../db/client.server.ts'
import { clientOnboarding, contracts, contractTemplates, user } from '../db/schema/index.server.ts'
import {
  type ContractClient,
  type ContractDeps,
  type ContractStaff,
  countersignContract,
  createContract,
  markContractViewed,
  sendContract,
  signContract,
} from './contracts.server.ts'
import { loadContractPdf } from './pdf/contract-pdf.server.ts'

/**
 * Demo contracts for the demo client (SEED_DEMO), so the contracts area shows what it does right
 * after `npm start`: a Managed Services Agreement sent and waiting for Carla's signature, a HIPAA
 * Business Associate Agreement signed and countersigned (its two stored PDFs and its trail), an
 * earlier offer that expired unsigned, and a Mutual NDA still a draft. Unlike billing's demo rows
 * they are made by the real service functions, with a clock set in the past: a signed contract's
 * hash, trail and stored PDFs are exactly what the product makes, and the database's triggers and
 * checks hold them as they hold any other. So they have audit rows (by "demo seed") like any
 * contract; the e-mails are not queued: nobody is waiting for them.
 *
 * Once per install: only when the client has no contract yet, under the lock of its account row,
 * so processes booting together seed it once.
 */

const day = 86_400_000

/** Who did the staff steps: the business, marked as the seed. */
const demoStaff: ContractStaff = { userId: 'demo-seed', email: 'demo seed', name: `${business.name} (demo)` }
/** Addresses reserved for documentation (RFC 5737): no real computer. */
const officeRequest = { ip: '198.51.100.20', userAgent: 'demo seed' }
const clientRequest = { ip: '192.0.2.44', userAgent: 'demo seed' }

type Step = 'draft' | 'sent' | 'countersigned'

type Spec = {
  template: 'managed-services' | 'hipaa-baa' | 'mutual-nda'
  /** Days before now it was created (and sent, a few minutes later). */
  daysAgo: number
  /** Days after creation it can be signed. */
  signDays: number
  until: Step
}

/** Oldest first, so the numbers follow the dates they were sent. */
const specs: Spec[] = [
  // An earlier offer for fewer users, never signed: shown as expired.
  { template: 'managed-services', daysAgo: 45, signDays: 30, until: 'sent' },
  { template: 'hipaa-baa', daysAgo: 21, signDays: 30, until: 'countersigned' },
  { template: 'managed-services', daysAgo: 3, signDays: 30, until: 'sent' },
  { template: 'mutual-nda', daysAgo: 0, signDays: 30, until: 'draft' },
]

/** The first day of the month after `date`, as people write it ("June 1, 2026"). */
function firstOfNextMonth(date: string): string {
  const [year = 0, month = 1] = date.split('-').map(Number)
  return formatCalendarDate(new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10))
}

/** Inserts the demo contracts for this client unless it has some; returns how many were inserted. */
export async function seedDemoContracts(db: Db, clientId: string, now = new Date()): Promise<number> {
  // Most boots find them: one look before anything is loaded or locked.
  const [existing] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.clientId, clientId))
    .limit(1)
  if (existing) return 0
  // The signed contract's PDFs are made in the transaction below: load their code before it.
  await loadContractPdf()
  return db.transaction(async (tx) => {
    // The account's row, locked: a second process seeding at the same time waits here, then finds the contracts.
    const [client] = await tx.select().from(clientOnboarding).where(eq(clientOnboarding.id, clientId)).for('update')
    if (!client) return 0
    const [some] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.clientId, clientId))
      .limit(1)
    if (some) return 0
    // The signature is tied to the client's sign-in account: without one (an install whose accounts
    // were never seeded) there is no one to sign.
    const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.email, client.email)).limit(1)
    if (!account) return 0
    // The demo client acts for the organisation each contract was filed under (ADR 028).
    const carla = (contract: { organisationId: string | null }): ContractClient => {
      if (!contract.organisationId) throw new Error('a sent contract always has its organisation')
      return { userId: account.id, email: client.email, clientId, organisationId: contract.organisationId }
    }
    const templates = await tx.select().from(contractTemplates)
    const templateId = (key: Spec['template']) => templates.find((t) => t.key === key)?.id
    let inserted = 0
    for (const spec of specs) {
      const id = templateId(spec.template)
      // Staff may have deleted a standard template's key row; the others still show the area.
      if (!id) continue
      const start = now.getTime() - spec.daysAgo * day
      let at = start
      // The services' own clock, moved forward step by step; every step commits in this transaction.
      const deps: ContractDeps = {
        db: tx as unknown as Db,
        outbox: { enqueue: async () => '' },
        publicUrl: '',
        now: () => new Date(at),
      }
      const created = businessDate(new Date(start))
      const users = spec.daysAgo > 30 ? '6' : '8'
      const draft = await createContract(
        deps,
        demoStaff,
        {
          templateId: id,
          clientId,
          plan: 'Full Help Desk',
          pricePerUser: '$100.00',
          users,
          startDate: firstOfNextMonth(created),
          term: '12 months',
          expiresOn: addDays(created, spec.signDays),
        },
        officeRequest,
      )
      inserted++
      if (spec.until === 'draft') continue
      at = start + 10 * 60_000
      const sent = await sendContract(deps, demoStaff, draft.id, officeRequest)
      if (spec.until !== 'countersigned') continue
      at = start + day
      await markContractViewed(deps, carla(sent), sent.id, clientRequest)
      at = start + day + 25 * 60_000
      await signContract(
        deps,
        carla(sent),
        sent.id,
        { fullName: client.fullName || 'Carla Reyes', shownSha256: sent.textSha256 ?? '' },
        clientRequest,
      )
      at = start + 2 * day
      await countersignContract(deps, demoStaff, sent.id, demoStaff.name, officeRequest)
    }
    return inserted
  })
}
