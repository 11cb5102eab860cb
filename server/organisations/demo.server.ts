import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Accounts } from '../accounts/accounts.server.ts'
import { demoClient } from '../accounts/demo-client.server.ts'
import type { Db } from '../db/client.server.ts'
import {
  clientOnboarding,
  type OrganisationRole,
  organisationMembers,
  organisations,
} from '../db/schema/index.server.ts'
import { lockOrganisations, membershipOf } from './rules.server.ts'

/**
 * The demo organisations of SEED_DEMO: the demo client's office, Harbor Dental (demo), with Carla
 * Reyes as its owner, a billing person and a member; and a household. Each person signs in with
 * this install's own password from $DATA_DIR/secrets.json (README). People and details are added
 * once: a restart, or staff who since moved someone or edited the office, change nothing.
 */

type DemoPerson = { email: string; name: string; phone: string }

export const demoOffice = {
  billing: { email: 'ben@harbor-dental.example', name: 'Ben Okafor', phone: '(845) 555-0189' },
  member: { email: 'mia@harbor-dental.example', name: 'Mia Chen', phone: '(845) 555-0190' },
  details: {
    streetAddress: '25 Harbor Road',
    town: 'Nyack',
    state: 'NY',
    postalCode: '10960',
    billingEmail: 'accounts@harbor-dental.example',
  },
} as const satisfies Record<'billing' | 'member', DemoPerson> & { details: Record<string, string> }

export const demoHousehold = {
  owner: { email: 'luis.alvarez@example.net', name: 'Luis Alvarez', phone: '(845) 555-0191' },
  name: 'The Alvarez household (demo)',
  details: { streetAddress: '8 Orchard Lane', town: 'Suffern', state: 'NY', postalCode: '10901' },
} as const satisfies { owner: DemoPerson; name: string; details: Record<string, string> }

export async function seedDemoOrganisations(
  deps: { accounts: Pick<Accounts, 'seedDemoSignIn'>; db: Db },
  demoClientId: string,
  passwords: { billing: string; member: string; household: string },
): Promise<void> {
  const { accounts, db } = deps
  const office = await membershipOf(db, demoClientId)
  if (!office) return
  await fillDetails(db, office.organisationId, demoOffice.details)
  for (const [role, person] of [
    ['billing', demoOffice.billing],
    ['member', demoOffice.member],
  ] as const) {
    await accounts.seedDemoSignIn(person, passwords[role])
    await joinOnce(db, person, { organisationId: office.organisationId, role })
  }
  await accounts.seedDemoSignIn(demoHousehold.owner, passwords.household)
  const household = await joinOnce(db, demoHousehold.owner, null)
  if (household) await fillDetails(db, household, { name: demoHousehold.name, ...demoHousehold.details })
}

/**
 * The person's approved client record, made with their membership in one transaction (so no
 * organisation of one is made for a person of the office), or with an organisation of one by the
 * database's own rule (a household, since the person names no company). Nothing when it exists.
 * Returns the organisation made now.
 */
async function joinOnce(
  db: Db,
  person: DemoPerson,
  into: { organisationId: string; role: OrganisationRole } | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    if (into) await lockOrganisations(tx, [into.organisationId])
    const [created] = await tx
      .insert(clientOnboarding)
      .values({
        email: person.email,
        fullName: person.name,
        companyName: into ? demoClient.companyName : null,
        phone: person.phone,
        role: 'client',
        status: 'approved',
        reviewedBy: 'demo seed',
        reviewedAt: new Date(),
      })
      .onConflictDoNothing({ target: clientOnboarding.email })
      .returning({ id: clientOnboarding.id })
    if (!created) return null
    if (into) {
      await tx.insert(organisationMembers).values({ personId: created.id, ...into })
      return null
    }
    const rows = (await tx.execute(sql`select organisation_of_one(${created.id}) as id`)) as unknown as {
      rows: { id: string }[]
    }
    return rows.rows[0]?.id ?? null
  })
}

/** Address and billing e-mail of a demo organisation (and a name), once: until it has an address. */
async function fillDetails(
  db: Db,
  organisationId: string,
  details: {
    name?: string
    streetAddress: string
    town: string
    state: 'NY' | 'NJ'
    postalCode: string
    billingEmail?: string
  },
): Promise<void> {
  await db
    .update(organisations)
    .set(details)
    .where(and(eq(organisations.id, organisationId), isNull(organisations.streetAddress)))
}
