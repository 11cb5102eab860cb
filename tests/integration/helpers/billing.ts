import { eq, sql } from 'drizzle-orm'
import type { DraftInput } from '../../../app/features/billing/schema.ts'
import { draftFormSchema } from '../../../app/features/billing/schema.ts'
import type { BillingDeps, ClientActor, StaffActor } from '../../../server/billing/documents.server.ts'
import { selectRows } from '../../../server/db/client.server.ts'
import {
  billingDocumentLines,
  billingDocuments,
  billingNumberCounters,
  billingPayments,
  clientOnboarding,
  organisationMembers,
} from '../../../server/db/schema/index.server.ts'
import type { MailMessage, Outbox } from '../../../server/mail/outbox.server.ts'
import { startOutbox } from '../../../server/mail/outbox.server.ts'
import { silentLogger, type TestDatabase } from './database.ts'

export const PUBLIC_URL = 'http://portal.test'
export const staff: StaffActor = { userId: 'user-admin-1', email: 'owner@example.com' }

/** A clock the test moves; starts on a Monday morning in New York. */
export function testClock(start = '2026-03-02T15:00:00Z') {
  let now = new Date(start)
  return {
    now: () => now,
    set(iso: string) {
      now = new Date(iso)
    },
    /** Moves the clock by whole days. */
    advanceDays(days: number) {
      now = new Date(now.getTime() + days * 86_400_000)
    },
  }
}

/** An outbox that only stores messages (no worker), as the server's does inside transactions. */
export function queueOnlyOutbox(database: TestDatabase): Promise<Outbox> {
  return startOutbox({
    database,
    transport: { kind: 'file', send: async () => {}, close: () => {} },
    log: silentLogger(),
    work: false,
  })
}

/** The messages in the outbox, oldest first. */
export async function queuedMails(database: TestDatabase): Promise<MailMessage[]> {
  const rows = await selectRows<{ data: MailMessage }>(
    database.db,
    sql`select data from pgboss.job where name = 'mail' order by created_on, id`,
  )
  return rows.map((row) => row.data)
}

/** An approved client account (an onboarding record), as an admin's approval leaves it. */
export type ClientAccount = ClientActor

export async function clientAccount(
  database: TestDatabase,
  email: string,
  fields: { fullName?: string; companyName?: string | null; status?: 'approved' | 'pending' } = {},
): Promise<ClientAccount> {
  const [row] = await database.db
    .insert(clientOnboarding)
    .values({
      email,
      fullName: fields.fullName ?? 'Carla Client',
      companyName: fields.companyName === undefined ? 'Harbor Dental' : fields.companyName,
      phone: '(845) 555-0123',
      role: 'client',
      status: fields.status ?? 'approved',
    })
    .returning()
  if (!row) throw new Error('no client row')
  // The new client's organisation of one, made as their record committed (ADR 028).
  const [membership] = await database.db
    .select({ organisationId: organisationMembers.organisationId })
    .from(organisationMembers)
    .where(eq(organisationMembers.personId, row.id))
  if (!membership) throw new Error('no organisation for the new client')
  return { userId: `user-${email}`, email, clientId: row.id, organisationId: membership.organisationId }
}

/** Empties every billing table, the audit log, the client accounts and the outbox. */
export async function resetBilling(database: TestDatabase) {
  await database.db.delete(billingPayments)
  await database.db.delete(billingDocumentLines)
  // Documents point at each other (invoice → estimate, receipt → invoice): children first.
  await database.db.execute(sql`delete from billing_documents where kind = 'receipt'`)
  await database.db.execute(sql`delete from billing_documents where source_document_id is not null`)
  await database.db.delete(billingDocuments)
  await database.db.delete(billingNumberCounters)
  await database.db.execute(sql`truncate audit_log`)
  await database.db.delete(clientOnboarding)
  await database.db.execute(sql`delete from pgboss.job where name = 'mail'`)
}

/** A draft as the editor would submit it, read through the shared schema. */
export function draft(clientId: string, fields: Partial<Record<string, unknown>> = {}): DraftInput {
  return draftFormSchema.parse({
    kind: 'invoice',
    clientId,
    lines: [
      { description: 'Full Help Desk (per user per month)', quantity: '5', unitPrice: '100', taxable: false },
      { description: 'Replacement firewall', quantity: '1', unitPrice: '649.99', taxable: true },
    ],
    taxRate: '8.375',
    taxLabel: 'Rockland County, NY',
    notes: 'Thank you for your business.',
    dueOn: '2026-04-01',
    expiresOn: '2026-03-31',
    ...fields,
  })
}

export type BillingHarness = { deps: BillingDeps; clock: ReturnType<typeof testClock> }
