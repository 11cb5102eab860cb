import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { z } from 'zod'
import { type Actor, can, organisationRefusals } from '../../app/features/accounts/access.ts'
import { accountRoleOf, accountStatusOf } from '../../app/features/accounts/status.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { fieldErrors } from '../../app/lib/forms/result.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import type { AuditActor } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import {
  billingDocuments,
  bookings,
  clientOnboarding,
  contracts,
  type Organisation,
  type OrganisationMember,
  organisationMembers,
  organisations,
} from '../db/schema/index.server.ts'

/**
 * The rules every change of an organisation's people follows: who may make it, the organisation's
 * row lock, and the last-owner rule (an organisation always has an owner).
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export const organisationGone = () => new DomainError('not_found', 'This organisation does not exist (any more).')
export const personGone = () => new DomainError('not_found', 'This person is not in this organisation (any more).')
export const noSuchPerson = () => new DomainError('not_found', 'This person does not exist (any more).')

/** An input read with its form's schema; a wrong one is answered with its fields' messages. */
export function readInput<S extends z.ZodType>(schema: S, input: unknown, message: string): z.output<S> {
  const parsed = schema.safeParse(input)
  if (!parsed.success) throw new DomainError('invalid', message, { fields: fieldErrors(parsed.error) })
  return parsed.data
}

export const isId = (id: unknown): id is string => typeof id === 'string' && isUuid(id)

/** Checks an id from outside before it reaches a query (a malformed one would be a database error). */
export function checkId(id: unknown, gone: () => DomainError): string {
  if (!isId(id)) throw gone()
  return id
}

/**
 * Locks the organisations' rows, in one order, before anything about their people is read: two
 * changes of one organisation's people (two owners demoting each other at the same moment) queue
 * here, and the second reads what the first committed. Every change of people takes this lock first,
 * as the last-admin rule locks the admins (server/accounts/admin.server.ts).
 */
export async function lockOrganisations(tx: Tx, ids: string[]): Promise<Map<string, Organisation>> {
  const rows = await tx
    .select()
    .from(organisations)
    .where(inArray(organisations.id, [...new Set(ids)]))
    .orderBy(asc(organisations.id))
    .for('update')
  return new Map(rows.map((row) => [row.id, row]))
}

export async function membershipOf(tx: Tx | Db, personId: string): Promise<OrganisationMember | undefined> {
  const [row] = await tx.select().from(organisationMembers).where(eq(organisationMembers.personId, personId))
  return row
}

/**
 * Who is acting on the organisation: an admin (staff manage every organisation), or an approved
 * owner of this very organisation. Anyone else in it is refused with their role's words; anyone
 * outside it hears that it does not exist, as with any record of another client.
 */
export async function actingOn(tx: Tx, actor: AuditActor, organisationId: string): Promise<'staff' | 'owner'> {
  const [record] = await tx
    .select({ id: clientOnboarding.id, role: clientOnboarding.role, status: clientOnboarding.status })
    .from(clientOnboarding)
    .where(eq(clientOnboarding.email, actor.email.toLowerCase()))
  if (!record) throw organisationGone()
  const membership = await membershipOf(tx, record.id)
  const access: Actor = {
    role: accountRoleOf(record.role),
    status: accountStatusOf(record.status),
    organisationRole: membership?.organisationId === organisationId ? membership.role : null,
  }
  if (can(access, 'admin')) return 'staff'
  if (access.role !== 'client' || membership?.organisationId !== organisationId) throw organisationGone()
  if (!can(access, 'people')) throw new DomainError('forbidden', organisationRefusals.people)
  return 'owner'
}

/** Only admins create, merge and move people between organisations. */
export async function requireStaff(tx: Tx, actor: AuditActor): Promise<void> {
  const [record] = await tx
    .select({ role: clientOnboarding.role, status: clientOnboarding.status })
    .from(clientOnboarding)
    .where(eq(clientOnboarding.email, actor.email.toLowerCase()))
  const access: Actor = record ? { role: accountRoleOf(record.role), status: accountStatusOf(record.status) } : null
  if (!can(access, 'admin')) throw new DomainError('forbidden', 'Only admins may do this.')
}

/** Whether billing documents, contracts or consultation requests belong to the organisation. */
export async function holdsRecords(tx: Tx, organisationId: string): Promise<boolean> {
  for (const table of [billingDocuments, contracts, bookings]) {
    const [some] = await tx
      .select({ id: table.id })
      .from(table)
      .where(eq(table.organisationId, organisationId))
      .limit(1)
    if (some) return true
  }
  return false
}

/**
 * The last-owner rule, for a person about to leave the organisation or stop being its owner (call
 * lockOrganisations first, in the same transaction). Another owner must remain. A person alone in
 * an organisation that holds nothing may leave it: it was only theirs (an organisation of one made
 * at sign-up), and it is deleted with their leaving; the answer says so.
 */
export async function keepAnOwner(
  tx: Tx,
  organisation: Organisation,
  leaving: OrganisationMember & { email: string },
  change: 'leave' | 'demote',
): Promise<{ deleteOrganisation: boolean }> {
  if (leaving.role !== 'owner') return { deleteOrganisation: false }
  const others = await tx
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, organisation.id), ne(organisationMembers.personId, leaving.personId)),
    )
  if (others.some((other) => other.role === 'owner')) return { deleteOrganisation: false }
  if (others.length > 0 || change === 'demote') {
    throw new DomainError(
      'conflict',
      `${leaving.email} is the last owner of ${organisation.name}. Make another person an owner first.`,
    )
  }
  if (await holdsRecords(tx, organisation.id)) {
    throw new DomainError(
      'conflict',
      `${leaving.email} is the only person in ${organisation.name}, which holds documents, contracts or requests. Merge it into the other organisation instead.`,
    )
  }
  return { deleteOrganisation: true }
}

/** The person's onboarding record: who they are, and whether they are a client. */
export async function personOf(tx: Tx, personId: string) {
  const [person] = await tx
    .select({
      id: clientOnboarding.id,
      email: clientOnboarding.email,
      fullName: clientOnboarding.fullName,
      role: clientOnboarding.role,
    })
    .from(clientOnboarding)
    .where(eq(clientOnboarding.id, personId))
  return person
}
