import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm'
import { type ShownStatus, shownStatus } from '../../app/features/billing/states.ts'
import { type ShownContractStatus, shownContractStatus } from '../../app/features/contracts/states.ts'
import { pendingCentsSql } from '../billing/queries.server.ts'
import type { Db } from '../db/client.server.ts'
import {
  billingDocuments,
  bookings,
  clientOnboarding,
  contracts,
  type Organisation,
  type OrganisationRole,
  organisationMembers,
  organisations,
} from '../db/schema/index.server.ts'
import { pendingInvitations } from './invitations.server.ts'
import { listMembers } from './organisations.server.ts'
import { isId } from './rules.server.ts'

/**
 * What staff read about organisations (/employee/clients): the list, and one organisation with its
 * people, documents, contracts and requests. Changes go through the organisations service.
 */

export type OrganisationListItem = {
  id: string
  name: string
  kind: Organisation['kind']
  town: string | null
  people: number
  owners: string[]
  createdAt: Date
}

const listSize = 50

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Organisations by name, with their people's count and owners; `q` matches a name or a person's e-mail or name. */
export async function listOrganisations(
  db: Db,
  filter: { q?: string | undefined; page?: number | undefined },
): Promise<{ items: OrganisationListItem[]; total: number; page: number; pageCount: number }> {
  const q = filter.q?.trim()
  const where = q
    ? or(
        ilike(organisations.name, likePattern(q)),
        inArray(
          organisations.id,
          db
            .select({ id: organisationMembers.organisationId })
            .from(organisationMembers)
            .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
            .where(or(ilike(clientOnboarding.email, likePattern(q)), ilike(clientOnboarding.fullName, likePattern(q)))),
        ),
      )
    : undefined
  const [totalRow] = await db.select({ n: count() }).from(organisations).where(where)
  const total = totalRow?.n ?? 0
  const pageCount = Math.max(1, Math.ceil(total / listSize))
  const page = Math.min(Math.max(1, filter.page ?? 1), pageCount)
  const rows = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      kind: organisations.kind,
      town: organisations.town,
      createdAt: organisations.createdAt,
      people: sql<number>`(select count(*)::int from ${organisationMembers} m where m.organisation_id = ${organisations.id})`,
      owners: sql<string[]>`coalesce((select array_agg(coalesce(nullif(o.full_name, ''), o.email) order by o.email)
        from ${organisationMembers} m join ${clientOnboarding} o on o.id = m.person_id
        where m.organisation_id = ${organisations.id} and m.role = 'owner'), '{}')`,
    })
    .from(organisations)
    .where(where)
    .orderBy(asc(sql`lower(${organisations.name})`), asc(organisations.id))
    .limit(listSize)
    .offset((page - 1) * listSize)
  return { items: rows, total, page, pageCount }
}

export type OrganisationDetail = {
  organisation: Organisation
  people: {
    personId: string
    email: string
    fullName: string | null
    role: OrganisationRole
    status: string
    invited: boolean
  }[]
  documents: {
    id: string
    kind: (typeof billingDocuments.$inferSelect)['kind']
    number: string | null
    shown: ShownStatus
    totalCents: number
    issuedOn: string | null
  }[]
  contracts: { id: string; number: string | null; title: string; shown: ShownContractStatus }[]
  requests: { id: string; receivedAt: Date; status: string; name: string; services: string[] }[]
  /** The other organisations, for the merge form. */
  others: { id: string; name: string }[]
}

/** One organisation for staff; null when there is none with this id (drafts included for documents). */
export async function organisationDetail(db: Db, id: string, today: string): Promise<OrganisationDetail | null> {
  if (!isId(id)) return null
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, id))
  if (!organisation) return null
  const [members, invitations, documents, contractRows, requests, others] = await Promise.all([
    listMembers(db, id),
    pendingInvitations(db, id),
    db
      .select({
        id: billingDocuments.id,
        kind: billingDocuments.kind,
        number: billingDocuments.number,
        status: billingDocuments.status,
        dueOn: billingDocuments.dueOn,
        expiresOn: billingDocuments.expiresOn,
        totalCents: billingDocuments.totalCents,
        amountPaidCents: billingDocuments.amountPaidCents,
        pendingCents: pendingCentsSql,
        issuedOn: billingDocuments.issuedOn,
      })
      .from(billingDocuments)
      .where(and(eq(billingDocuments.organisationId, id), ne(billingDocuments.status, 'draft')))
      .orderBy(desc(billingDocuments.createdAt))
      .limit(100),
    db
      .select({
        id: contracts.id,
        number: contracts.number,
        title: contracts.title,
        status: contracts.status,
        expiresOn: contracts.expiresOn,
      })
      .from(contracts)
      .where(and(eq(contracts.organisationId, id), ne(contracts.status, 'draft')))
      .orderBy(desc(contracts.createdAt))
      .limit(100),
    db
      .select({
        id: bookings.id,
        receivedAt: bookings.receivedAt,
        status: bookings.status,
        name: bookings.name,
        services: bookings.services,
      })
      .from(bookings)
      .where(eq(bookings.organisationId, id))
      .orderBy(desc(bookings.receivedAt))
      .limit(100),
    db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations)
      .where(ne(organisations.id, id))
      .orderBy(asc(sql`lower(${organisations.name})`))
      .limit(500),
  ])
  const invited = new Set(invitations.map((invitation) => invitation.personId))
  return {
    organisation,
    people: members.map((member) => ({
      personId: member.personId,
      email: member.email,
      fullName: member.fullName,
      role: member.role,
      status: member.status,
      invited: invited.has(member.personId),
    })),
    documents: documents.map((doc) => ({
      id: doc.id,
      kind: doc.kind,
      number: doc.number,
      shown: shownStatus(doc, today),
      totalCents: doc.totalCents,
      issuedOn: doc.issuedOn,
    })),
    contracts: contractRows.map((contract) => ({ ...contract, shown: shownContractStatus(contract, today) })),
    requests,
    others,
  }
}

/** The organisation a client person is in, for addresses that name the person (older links). */
export async function organisationIdOfPerson(db: Db, personId: string): Promise<string | null> {
  if (!isId(personId)) return null
  const [row] = await db
    .select({ id: organisationMembers.organisationId })
    .from(organisationMembers)
    .where(eq(organisationMembers.personId, personId))
  return row?.id ?? null
}

/** A client person by e-mail, for staff's "add a person" form; null for none or a staff account. */
export async function clientPersonByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: clientOnboarding.id })
    .from(clientOnboarding)
    .where(and(eq(clientOnboarding.email, email.trim().toLowerCase()), eq(clientOnboarding.role, 'client')))
  return row?.id ?? null
}
