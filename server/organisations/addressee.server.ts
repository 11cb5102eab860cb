import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import type { Db } from '../db/client.server.ts'
import {
  type ClientOnboarding,
  clientOnboarding,
  type Organisation,
  organisationMembers,
  organisations,
} from '../db/schema/index.server.ts'
import type { Tx } from './rules.server.ts'

/**
 * Staff's billing and contract forms pick an organisation (ADR 028). A document or contract still
 * names one person of it, `client_id`: the one it is addressed to. A billing document's is its
 * first approved billing person, otherwise its first approved owner (its "bill to"; who receives
 * the e-mails is the organisation's rule, billingRecipients); a contract's is its first approved
 * owner, the role that may sign it (the name that fills it, the address its link is sent to).
 */
export type AddresseePurpose = 'billing' | 'contracts'

const rolesFor: Record<AddresseePurpose, Array<'billing' | 'owner'>> = {
  billing: ['billing', 'owner'],
  contracts: ['owner'],
}

type Person = Pick<ClientOnboarding, 'id' | 'email' | 'fullName' | 'companyName' | 'phone'>

/** An organisation staff can address a document to, as the pickers show it. */
export type AddressableOrganisation = Pick<Organisation, 'id' | 'name' | 'kind' | 'town'> & { addressee: Person }

const approved = inArray(clientOnboarding.status, ['approved', 'verified'])
const addressable = (purpose: AddresseePurpose) => inArray(organisationMembers.role, rolesFor[purpose])
// Billing people first, then owners; by e-mail within each: one stable choice.
const addresseeOrder = [
  sql`case ${organisationMembers.role} when 'billing' then 0 else 1 end`,
  asc(clientOnboarding.email),
]

const personColumns = {
  id: clientOnboarding.id,
  email: clientOnboarding.email,
  fullName: clientOnboarding.fullName,
  companyName: clientOnboarding.companyName,
  phone: clientOnboarding.phone,
}

/** Every organisation with a person to address `purpose`'s records to, by name, with that person. */
export async function listAddressableOrganisations(
  db: Db,
  purpose: AddresseePurpose,
): Promise<AddressableOrganisation[]> {
  const rows = await db
    .select({
      organisation: {
        id: organisations.id,
        name: organisations.name,
        kind: organisations.kind,
        town: organisations.town,
      },
      person: personColumns,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
    .where(and(addressable(purpose), approved, eq(clientOnboarding.role, 'client')))
    .orderBy(sql`lower(${organisations.name})`, organisations.id, ...addresseeOrder)
  const found = new Map<string, AddressableOrganisation>()
  for (const row of rows) {
    if (!found.has(row.organisation.id)) found.set(row.organisation.id, { ...row.organisation, addressee: row.person })
  }
  return [...found.values()]
}

/**
 * The organisation a form picked and the approved person a new document or contract is addressed
 * to; an invalid answer on the `field` picker when there is no such organisation or no such person.
 */
export async function requireAddressee(
  db: Db | Tx,
  organisationId: string,
  purpose: AddresseePurpose,
  field = 'organisationId',
): Promise<{ organisation: Organisation; addressee: ClientOnboarding }> {
  const [organisation] = isUuid(organisationId)
    ? await db.select().from(organisations).where(eq(organisations.id, organisationId)).limit(1)
    : []
  if (!organisation) throw new DomainError('invalid', 'Choose one of the client organisations.', { field })
  const [row] = await db
    .select({ person: clientOnboarding })
    .from(organisationMembers)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
    .where(and(eq(organisationMembers.organisationId, organisation.id), addressable(purpose), approved))
    .orderBy(...addresseeOrder)
    .limit(1)
  if (!row) {
    throw new DomainError(
      'invalid',
      purpose === 'billing'
        ? 'This organisation has no approved owner or billing person yet: approve one on the Admin Dashboard first.'
        : 'This organisation has no approved owner to sign yet: approve one on the Admin Dashboard first.',
      { field },
    )
  }
  return { organisation, addressee: row.person }
}

/** How a picker names an organisation: its name, kind and town, and who the document is addressed to. */
export function organisationChoiceLabel(choice: AddressableOrganisation): string {
  const kind = choice.kind === 'business' ? 'Business' : 'Household'
  const place = choice.town ? ` · ${choice.town}` : ''
  return `${choice.name} · ${kind}${place} (${choice.addressee.fullName || choice.addressee.email}, ${choice.addressee.email})`
}
