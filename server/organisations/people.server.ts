import { and, eq } from 'drizzle-orm'
import { organisationRoleSchema } from '../../app/features/organisations/schema.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { type OrganisationRole, organisationMembers, organisations } from '../db/schema/index.server.ts'
import {
  actingOn,
  checkId,
  keepAnOwner,
  lockOrganisations,
  membershipOf,
  noSuchPerson,
  organisationGone,
  personGone,
  personOf,
  readInput,
  requireStaff,
  type Tx,
} from './rules.server.ts'

/**
 * Changes of an organisation's people: staff add a person or move them from another organisation;
 * staff and the organisation's owners change roles and remove people. Each takes the organisations'
 * row locks first and keeps the last-owner rule (rules.server.ts).
 */

const roleOf = (role: unknown): OrganisationRole =>
  readInput(organisationRoleSchema, role, 'Choose a role: owner, billing or member.')

/**
 * Puts a client person in the organisation with a role, moving them out of the one they were in.
 * Their records stay where they are: documents and contracts belong to the organisation, not to
 * the person (merging moves records, merge.server.ts).
 */
export async function addPerson(
  db: Db,
  actor: AuditActor,
  input: { organisationId: string; personId: string; role: unknown },
): Promise<void> {
  const organisationId = checkId(input.organisationId, organisationGone)
  const personId = checkId(input.personId, noSuchPerson)
  const role = roleOf(input.role)
  await db.transaction(async (tx) => {
    await requireStaff(tx, actor)
    // The organisation they are in now is locked too; read once before the lock, checked again after.
    const seen = await membershipOf(tx, personId)
    const locked = await lockOrganisations(tx, [organisationId, ...(seen ? [seen.organisationId] : [])])
    const target = locked.get(organisationId)
    if (!target) throw organisationGone()
    const person = await personOf(tx, personId)
    if (!person) throw noSuchPerson()
    if (person.role !== 'client') {
      throw new DomainError('invalid', 'Only client accounts belong to organisations; this is a staff account.')
    }
    const current = await membershipOf(tx, personId)
    if (current?.organisationId !== seen?.organisationId) {
      throw new DomainError('conflict', 'This person was just moved by someone else. Look again and try once more.')
    }
    if (current?.organisationId === organisationId) {
      throw new DomainError('conflict', `${person.email} is in ${target.name} already; change their role instead.`)
    }
    const from = current ? locked.get(current.organisationId) : undefined
    const emptied =
      current && from
        ? (await keepAnOwner(tx, from, { ...current, email: person.email }, 'leave')).deleteOrganisation
        : false
    await tx
      .insert(organisationMembers)
      .values({ personId, organisationId, role, joinedAt: new Date() })
      .onConflictDoUpdate({ target: organisationMembers.personId, set: { organisationId, role, joinedAt: new Date() } })
    if (from && emptied) await tx.delete(organisations).where(eq(organisations.id, from.id))
    await recordAudit(tx, actor, {
      action: current ? 'organisation.person_move' : 'organisation.person_add',
      subjectId: organisationId,
      details: {
        organisation: target.name,
        personId,
        email: person.email,
        role,
        ...(from ? { from: { id: from.id, name: from.name, deleted: emptied } } : {}),
      },
      before: current && from ? { organisation: from.name, role: current.role } : null,
      after: { organisation: target.name, role },
    })
  })
}

/** A new role for a person of the organisation; the last owner keeps theirs. */
export async function changePersonRole(
  db: Db,
  actor: AuditActor,
  input: { organisationId: string; personId: string; role: unknown },
): Promise<void> {
  const organisationId = checkId(input.organisationId, organisationGone)
  const personId = checkId(input.personId, personGone)
  const role = roleOf(input.role)
  await db.transaction(async (tx) => {
    const { organisation, member, email } = await lockedMember(tx, actor, organisationId, personId)
    if (member.role === role) return
    if (member.role === 'owner') await keepAnOwner(tx, organisation, { ...member, email }, 'demote')
    await tx.update(organisationMembers).set({ role }).where(eq(organisationMembers.personId, personId))
    await recordAudit(tx, actor, {
      action: 'organisation.role_change',
      subjectId: organisationId,
      details: { organisation: organisation.name, personId, email, role },
      before: { role: member.role },
      after: { role },
    })
  })
}

/**
 * Takes a person out of the organisation. They keep their account, in no organisation, and with it
 * none of an organisation's rights (`can()` gives a client without a role nothing of one).
 */
export async function removePerson(
  db: Db,
  actor: AuditActor,
  input: { organisationId: string; personId: string },
): Promise<void> {
  const organisationId = checkId(input.organisationId, organisationGone)
  const personId = checkId(input.personId, personGone)
  await db.transaction(async (tx) => {
    const { organisation, member, email } = await lockedMember(tx, actor, organisationId, personId)
    const { deleteOrganisation } = await keepAnOwner(tx, organisation, { ...member, email }, 'leave')
    await tx
      .delete(organisationMembers)
      .where(and(eq(organisationMembers.personId, personId), eq(organisationMembers.organisationId, organisationId)))
    if (deleteOrganisation) await tx.delete(organisations).where(eq(organisations.id, organisationId))
    await recordAudit(tx, actor, {
      action: 'organisation.person_remove',
      subjectId: organisationId,
      details: { organisation: organisation.name, personId, email, organisationDeleted: deleteOrganisation },
      before: { role: member.role },
      after: null,
    })
  })
}

/** The organisation locked, the actor allowed, and the person found in it. */
async function lockedMember(tx: Tx, actor: AuditActor, organisationId: string, personId: string) {
  const organisation = (await lockOrganisations(tx, [organisationId])).get(organisationId)
  if (!organisation) throw organisationGone()
  await actingOn(tx, actor, organisationId)
  const member = await membershipOf(tx, personId)
  const person = await personOf(tx, personId)
  if (!member || member.organisationId !== organisationId || !person) throw personGone()
  return { organisation, member, email: person.email }
}
