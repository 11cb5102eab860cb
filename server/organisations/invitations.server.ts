import { and, eq, isNull, sql } from 'drizzle-orm'
import { organisationInvitationSchema } from '../../app/features/organisations/schema.ts'
import type { Accounts } from '../accounts/accounts.server.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import {
  account,
  clientOnboarding,
  type OrganisationRole,
  organisationMembers,
  user,
  verification,
} from '../db/schema/index.server.ts'
import { memberColumns } from './organisations.server.ts'
import { actingOn, checkId, lockOrganisations, organisationGone, readInput } from './rules.server.ts'

/**
 * An owner (or staff) invites a colleague into the organisation with a role. It is the accounts'
 * invitation (server/accounts/accounts.server.ts: the account, approved by whoever invited, the
 * e-mail with its /setup-account link), with the person put in the organisation in the same
 * transaction, so no organisation of one is made for them. The invitation is pending until they
 * choose their password.
 */
export async function invitePerson(
  accounts: Pick<Accounts, 'invite' | 'database'>,
  actor: AuditActor,
  input: { organisationId: string; email?: unknown; name?: unknown; role?: unknown },
): Promise<void> {
  const organisationId = checkId(input.organisationId, organisationGone)
  const invitation = readInput(organisationInvitationSchema, input, 'Check the invitation.')
  // Asked before the account is made, so that nobody else learns which addresses have one.
  await accounts.database.db.transaction((tx) => actingOn(tx, actor, organisationId))
  // An address that has an account already is refused by `invite` (a conflict on the e-mail field).
  await accounts.invite(
    { email: invitation.email, name: invitation.name, companyName: null, phone: null, role: 'client' },
    actor,
    {
      within: async (tx, personId) => {
        const organisation = (await lockOrganisations(tx, [organisationId])).get(organisationId)
        if (!organisation) throw organisationGone()
        await actingOn(tx, actor, organisationId)
        await tx
          .update(clientOnboarding)
          .set({ companyName: organisation.kind === 'business' ? organisation.name : null })
          .where(eq(clientOnboarding.id, personId))
        await tx.insert(organisationMembers).values({ personId, organisationId, role: invitation.role })
        await recordAudit(tx, actor, {
          action: 'organisation.invite',
          subjectId: organisationId,
          details: { organisation: organisation.name, personId, email: invitation.email, role: invitation.role },
          before: null,
          after: { email: invitation.email, role: invitation.role },
        })
      },
    },
  )
}

export type PendingInvitation = {
  personId: string
  email: string
  fullName: string | null
  role: OrganisationRole
  expiresAt: Date | null
}

/** The organisation's people who were invited and have not chosen a password yet, with their link's expiry. */
export async function pendingInvitations(db: Db, organisationId: string): Promise<PendingInvitation[]> {
  const id = checkId(organisationId, organisationGone)
  return db
    .select({
      ...memberColumns,
      expiresAt: sql<Date | null>`(select max(${verification.expiresAt}) from ${verification}
        where ${verification.value} = ${user.id}::text and ${verification.identifier} like 'reset-password:%')`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(organisationMembers)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
    .innerJoin(user, eq(sql`lower(${user.email})`, clientOnboarding.email))
    .leftJoin(account, and(eq(account.userId, user.id), sql`${account.password} is not null`))
    .where(and(eq(organisationMembers.organisationId, id), isNull(account.id)))
    .orderBy(clientOnboarding.email)
}
