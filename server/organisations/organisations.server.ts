import { and, asc, eq, sql } from 'drizzle-orm'
import { organisationSchema } from '../../app/features/organisations/schema.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import {
  clientOnboarding,
  type Organisation,
  type OrganisationRole,
  organisationMembers,
  organisations,
} from '../db/schema/index.server.ts'
import {
  actingOn,
  checkId,
  isId,
  lockOrganisations,
  membershipOf,
  organisationGone,
  readInput,
  requireStaff,
} from './rules.server.ts'

/**
 * Organisations: a client of the business, a business or a household, with people in it in one role
 * each (docs/accounts.md#organisations, ADR 028). Changes of people are in people.server.ts, merging
 * in merge.server.ts, invitations in invitations.server.ts; each writes its audit row in its
 * transaction.
 */

/** A new organisation, with nobody in it yet (staff then add its people). */
export async function createOrganisation(db: Db, actor: AuditActor, input: unknown): Promise<Organisation> {
  const fields = readInput(organisationSchema, input, 'Check the organisation’s details.')
  return db.transaction(async (tx) => {
    await requireStaff(tx, actor)
    const [created] = await tx.insert(organisations).values(fields).returning()
    if (!created) throw new Error('organisation not created')
    await recordAudit(tx, actor, {
      action: 'organisation.create',
      subjectId: created.id,
      details: { name: created.name, kind: created.kind },
      before: null,
      after: { ...fields },
    })
    return created
  })
}

export type OrganisationPerson = {
  personId: string
  email: string
  fullName: string | null
  role: OrganisationRole
  joinedAt: Date
  /** The person's account status as stored (approved, pending…). */
  status: string
}

/** Who a member is, as the lists of people show them (join organisation_members to client_onboarding). */
export const memberColumns = {
  personId: organisationMembers.personId,
  email: clientOnboarding.email,
  fullName: clientOnboarding.fullName,
  role: organisationMembers.role,
}

/** The organisation's people, owners first, then by name. */
export async function listMembers(db: Db, organisationId: string): Promise<OrganisationPerson[]> {
  const id = checkId(organisationId, organisationGone)
  return db
    .select({ ...memberColumns, joinedAt: organisationMembers.joinedAt, status: clientOnboarding.status })
    .from(organisationMembers)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
    .where(eq(organisationMembers.organisationId, id))
    .orderBy(
      sql`case ${organisationMembers.role} when 'owner' then 0 when 'billing' then 1 else 2 end`,
      asc(sql`lower(coalesce(${clientOnboarding.fullName}, ${clientOnboarding.email}))`),
    )
}

/** The organisation a person (their onboarding record) belongs to, with their role in it; null for none. */
export async function organisationOfPerson(
  db: Db,
  personId: string,
): Promise<{ organisation: Organisation; role: OrganisationRole } | null> {
  if (!isId(personId)) return null
  const membership = await membershipOf(db, personId)
  if (!membership) return null
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, membership.organisationId))
  return organisation ? { organisation, role: membership.role } : null
}

/**
 * The name of the organisation that requires a second factor of the person with this e-mail, or
 * null: what keeps their second factor on (Better Auth's disable endpoint asks it too).
 */
export async function organisationRequiringSecondFactor(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisationMembers)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(clientOnboarding.email, email.toLowerCase()), eq(organisations.requireSecondFactor, true)))
    .limit(1)
  return row?.name ?? null
}

/**
 * An owner (or an admin) requires a second factor of everyone in the organisation, or stops
 * requiring it. From their next request its people without one may use only their own account
 * pages, where they set it up (the guard, as for staff).
 */
export async function setSecondFactorRequirement(
  db: Db,
  actor: AuditActor,
  input: { organisationId: string; required: boolean },
): Promise<void> {
  const organisationId = checkId(input.organisationId, organisationGone)
  await db.transaction(async (tx) => {
    const organisation = (await lockOrganisations(tx, [organisationId])).get(organisationId)
    if (!organisation) throw organisationGone()
    await actingOn(tx, actor, organisationId)
    if (organisation.requireSecondFactor === input.required) return
    await tx
      .update(organisations)
      .set({ requireSecondFactor: input.required })
      .where(eq(organisations.id, organisationId))
    await recordAudit(tx, actor, {
      action: 'organisation.second_factor',
      subjectId: organisationId,
      details: { organisation: organisation.name, required: input.required },
      before: { requireSecondFactor: organisation.requireSecondFactor },
      after: { requireSecondFactor: input.required },
    })
  })
}

/** Staff change an organisation's details or their notes about it; the audit log keeps before and after. */
export async function updateOrganisation(
  db: Db,
  actor: AuditActor,
  input: { organisationId: string } & Record<string, unknown>,
): Promise<Organisation> {
  const organisationId = checkId(input.organisationId, organisationGone)
  const fields = readInput(organisationSchema, input, 'Check the organisation’s details.')
  return db.transaction(async (tx) => {
    await requireStaff(tx, actor)
    const current = (await lockOrganisations(tx, [organisationId])).get(organisationId)
    if (!current) throw organisationGone()
    const [updated] = await tx.update(organisations).set(fields).where(eq(organisations.id, organisationId)).returning()
    if (!updated) throw organisationGone()
    const before = Object.fromEntries(Object.keys(fields).map((key) => [key, current[key as keyof typeof fields]]))
    await recordAudit(tx, actor, {
      action: 'organisation.update',
      subjectId: organisationId,
      details: { name: updated.name },
      before,
      after: { ...fields },
    })
    return updated
  })
}
