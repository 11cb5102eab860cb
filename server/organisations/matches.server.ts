import { and, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm'
import { organisationDomainOf } from '../../app/features/organisations/public-mail-domains.ts'
import type { Db } from '../db/client.server.ts'
import { clientOnboarding, organisationMembers, organisations } from '../db/schema/index.server.ts'

export type OrganisationMatch = { id: string; name: string; why: 'same e-mail domain' | 'similar name' }

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The organisations a new sign-up may belong to, for the approval screen: those with a person at
 * the same e-mail domain (never a public mail service such as gmail.com), and those whose name is
 * like the company they gave (trigram similarity, or one name containing the other). Their own
 * organisation of one is left out. At most ten, domain matches first.
 */
export async function matchingOrganisations(
  db: Db,
  person: { id: string; email: string; companyName: string | null },
): Promise<OrganisationMatch[]> {
  const own = db
    .select({ id: organisationMembers.organisationId })
    .from(organisationMembers)
    .where(eq(organisationMembers.personId, person.id))
  const domain = organisationDomainOf(person.email)
  const byDomain = domain
    ? await db
        .selectDistinct({ id: organisations.id, name: organisations.name })
        .from(organisations)
        .innerJoin(organisationMembers, eq(organisationMembers.organisationId, organisations.id))
        .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
        .where(
          and(
            sql`lower(split_part(${clientOnboarding.email}, '@', 2)) = ${domain}`,
            ne(clientOnboarding.id, person.id),
            sql`${organisations.id} not in ${own}`,
          ),
        )
        .limit(10)
    : []
  const company = person.companyName?.trim()
  const byName =
    company && company.length >= 3
      ? await db
          .select({ id: organisations.id, name: organisations.name })
          .from(organisations)
          .where(
            and(
              or(
                sql`similarity(lower(${organisations.name}), lower(${company})) > 0.4`,
                ilike(organisations.name, likePattern(company)),
                sql`lower(${company}) like '%' || lower(${organisations.name}) || '%'`,
              ),
              sql`${organisations.id} not in ${own}`,
              byDomain.length > 0
                ? sql`not (${inArray(
                    organisations.id,
                    byDomain.map((match) => match.id),
                  )})`
                : undefined,
            ),
          )
          .orderBy(sql`similarity(lower(${organisations.name}), lower(${company})) desc`)
          .limit(10)
      : []
  return [
    ...byDomain.map((match) => ({ ...match, why: 'same e-mail domain' as const })),
    ...byName.map((match) => ({ ...match, why: 'similar name' as const })),
  ].slice(0, 10)
}
