import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.server.ts'
import { clientOnboarding, organisationMembers, organisations } from '../db/schema/index.server.ts'
import type { Tx } from './rules.server.ts'

/**
 * Who receives an organisation's billing documents (sent estimates and invoices, receipts, voids,
 * reminders): its billing people and its billing e-mail; when it has neither, its owners; when it
 * has none of those either (a record of a person no longer in it), the address the record names.
 * Only approved accounts are written to (an invited colleague is approved as invited). Each address
 * once, in a stable order; every recipient gets their own message.
 */
export async function billingRecipients(
  tx: Tx | Db,
  organisationId: string | null,
  fallback: string | null | undefined,
): Promise<string[]> {
  const found = organisationId ? await organisationAddresses(tx, organisationId) : []
  const addresses = found.length > 0 ? found : fallback ? [fallback.toLowerCase()] : []
  return [...new Set(addresses)]
}

async function organisationAddresses(tx: Tx | Db, organisationId: string): Promise<string[]> {
  const [organisation] = await tx
    .select({ billingEmail: organisations.billingEmail })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  const people = await tx
    .select({ email: clientOnboarding.email, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        inArray(organisationMembers.role, ['owner', 'billing']),
        inArray(clientOnboarding.status, ['approved', 'verified']),
      ),
    )
    .orderBy(clientOnboarding.email)
  const billing = people.filter((person) => person.role === 'billing').map((person) => person.email)
  const billingAddresses = [...billing, ...(organisation?.billingEmail ? [organisation.billingEmail] : [])]
  if (billingAddresses.length > 0) return billingAddresses
  return people.filter((person) => person.role === 'owner').map((person) => person.email)
}
