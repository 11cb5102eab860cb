import { and, asc, eq, sql } from 'drizzle-orm'
import {
  type Actor,
  noOrganisationRefusal,
  organisationRefusals,
  type Requirement,
} from '../../app/features/accounts/access.ts'
import type { VisitorOrganisation } from '../../app/features/accounts/status.ts'
import type { Db } from '../db/client.server.ts'
import { clientOnboarding, organisationMembers } from '../db/schema/index.server.ts'

type OrganisationRequirement = keyof typeof organisationRefusals

export function isOrganisationRequirement(requirement: Requirement): requirement is OrganisationRequirement {
  return requirement in organisationRefusals
}

const staffRefusal =
  'This page is for the owners of our clients’ organisations. Staff manage organisations in the back office.'

/**
 * What an approved client hears when their role does not cover a page: their role's words and who
 * can change that (the owners of their organisation, by name and e-mail), or that they are in no
 * organisation any more.
 */
export async function organisationRefusal(
  db: Db,
  visitor: NonNullable<Actor> & { organisation: VisitorOrganisation | null },
  requirement: OrganisationRequirement,
): Promise<string> {
  // Staff read clients' pages but act for no organisation (they manage them in the back office).
  if (visitor.role !== 'client') return staffRefusal
  if (!visitor.organisation) return noOrganisationRefusal
  const owners = await ownersOf(db, visitor.organisation.id)
  const words = organisationRefusals[requirement]
  if (owners.length === 0) return words
  const names = owners.map((owner) => (owner.fullName ? `${owner.fullName} (${owner.email})` : owner.email))
  return `${words} The owners of ${visitor.organisation.name}: ${names.join(', ')}.`
}

/** The owners of an organisation, by name. */
export async function ownersOf(db: Db, organisationId: string): Promise<{ fullName: string | null; email: string }[]> {
  return db
    .select({ fullName: clientOnboarding.fullName, email: clientOnboarding.email })
    .from(organisationMembers)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.role, 'owner')))
    .orderBy(asc(sql`lower(coalesce(${clientOnboarding.fullName}, ${clientOnboarding.email}))`))
}
