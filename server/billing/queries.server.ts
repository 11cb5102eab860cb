import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import {
  awaitingEstimateStatuses,
  type DocumentKind,
  openInvoiceStatuses,
  type ShownStatus,
  type StoredStatus,
  shownStatus,
} from '../../app/features/billing/states.ts'
import type { Db } from '../db/client.server.ts'
import { preparedOnce, preparedPerVariant } from '../db/prepared.server.ts'
import {
  type BillingDocument,
  type BillingDocumentLine,
  type BillingPayment,
  billingDocumentLines,
  billingDocuments,
  billingPayments,
  type ClientOnboarding,
  clientOnboarding,
  onlinePayments,
} from '../db/schema/index.server.ts'
import { isDocumentId } from './documents.server.ts'
import { billToOf, currentIssuer } from './parties.server.ts'
import type { BillingPdfInput } from './pdf/billing-pdf.server.tsx'

/** What the billing pages read: lists with filters and pages, a client's summary, one document in full. */

export const pageSize = 20

export type DocumentListItem = {
  id: string
  kind: DocumentKind
  number: string | null
  status: StoredStatus
  shown: ShownStatus
  clientId: string
  clientName: string
  companyName: string | null
  issuedOn: string | null
  dueOn: string | null
  expiresOn: string | null
  totalCents: number
  amountPaidCents: number
  balanceCents: number
  viewedAt: Date | null
  createdAt: Date
}

export type DocumentPage = { items: DocumentListItem[]; total: number; page: number; pageCount: number }

/**
 * A document's bank payments in flight (cents; 0 for all but invoices with a pending online
 * payment), read beside it so that `payment_pending` is shown, filtered and counted by one rule.
 */
export const pendingCentsSql =
  sql<number>`coalesce((select sum(${onlinePayments.pendingCents}) from ${onlinePayments} where ${onlinePayments.invoiceId} = ${billingDocuments.id} and ${onlinePayments.status} = 'pending'), 0)::int`.mapWith(
    Number,
  )

const listColumns = {
  id: billingDocuments.id,
  kind: billingDocuments.kind,
  number: billingDocuments.number,
  status: billingDocuments.status,
  clientId: billingDocuments.clientId,
  fullName: clientOnboarding.fullName,
  email: clientOnboarding.email,
  companyName: clientOnboarding.companyName,
  billTo: billingDocuments.billTo,
  issuedOn: billingDocuments.issuedOn,
  dueOn: billingDocuments.dueOn,
  expiresOn: billingDocuments.expiresOn,
  totalCents: billingDocuments.totalCents,
  amountPaidCents: billingDocuments.amountPaidCents,
  pendingCents: pendingCentsSql,
  viewedAt: billingDocuments.viewedAt,
  createdAt: billingDocuments.createdAt,
}

type ListRow = {
  id: string
  kind: DocumentKind
  number: string | null
  status: StoredStatus
  clientId: string
  fullName: string | null
  email: string
  companyName: string | null
  billTo: BillingDocument['billTo']
  issuedOn: string | null
  dueOn: string | null
  expiresOn: string | null
  totalCents: number
  amountPaidCents: number
  pendingCents: number
  viewedAt: Date | null
  createdAt: Date
}

function toItem(row: ListRow, today: string): DocumentListItem {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    status: row.status,
    shown: shownStatus(row, today),
    clientId: row.clientId,
    // A sent document is addressed as it was sent; a draft as the account reads today.
    clientName: row.billTo?.name ?? (row.fullName || row.email),
    companyName: row.billTo ? row.billTo.companyName : row.companyName,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    expiresOn: row.expiresOn,
    totalCents: row.totalCents,
    amountPaidCents: row.amountPaidCents,
    balanceCents: row.kind === 'invoice' && row.status !== 'void' ? row.totalCents - row.amountPaidCents : 0,
    viewedAt: row.viewedAt,
    createdAt: row.createdAt,
  }
}

/**
 * The SQL of a shown status (the twin of `shownStatus`): payment pending comes from the online
 * payments, overdue and expired from the dates, and each takes those documents out of sent/viewed/
 * partly paid (payment pending out of overdue too).
 */
export function shownStatusCondition(status: ShownStatus, today: string | SQLWrapper): SQL {
  const d = billingDocuments
  const openInvoice = and(eq(d.kind, 'invoice'), inArray(d.status, [...openInvoiceStatuses])) as SQL
  const awaitingEstimate = and(eq(d.kind, 'estimate'), inArray(d.status, [...awaitingEstimateStatuses])) as SQL
  // coveredByPending() in SQL: an open invoice whose whole balance is in flight.
  const covered = sql`(${pendingCentsSql} > 0 and ${pendingCentsSql} >= ${d.totalCents} - ${d.amountPaidCents})`
  if (status === 'payment_pending') return and(openInvoice, covered) as SQL
  if (status === 'overdue') return and(openInvoice, lt(d.dueOn, today), sql`not ${covered}`) as SQL
  if (status === 'expired') return and(awaitingEstimate, lt(d.expiresOn, today)) as SQL
  const notLate = or(
    and(eq(d.kind, 'invoice'), or(isNull(d.dueOn), gte(d.dueOn, today)), sql`not ${covered}`),
    and(eq(d.kind, 'estimate'), or(isNull(d.expiresOn), gte(d.expiresOn, today))),
    eq(d.kind, 'receipt'),
  ) as SQL
  const canBeLate =
    (openInvoiceStatuses as readonly string[]).includes(status) ||
    (awaitingEstimateStatuses as readonly string[]).includes(status)
  return canBeLate ? (and(eq(d.status, status), notLate) as SQL) : eq(d.status, status)
}

/** The number of rows that `where` matches (the documents alone, so it reads no account). */
const countOf = (db: Db, where: SQL | undefined) =>
  db.select({ n: sql<number>`count(*)::int` }).from(billingDocuments).where(where)

const listOf = (db: Db, total: SQL<number | null>) =>
  db
    .select({ ...listColumns, total })
    .from(billingDocuments)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, billingDocuments.clientId))

const pageOf = (rows: (ListRow & { total: number | null })[], total: number, current: number, today: string) =>
  ({
    items: rows.map((row) => toItem(row, today)),
    total,
    page: current,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  }) satisfies DocumentPage

const currentPage = (pageNumber: number | undefined) => Math.max(1, Math.floor(pageNumber ?? 1))

/**
 * One page of the staff's list and how many match, the count in a statement of its own beside the
 * page: it reads the documents alone (a search by name asks for the matching clients' ids), not the
 * 100,000 rows' joins and payments.
 */
async function staffPage(db: Db, where: SQL | undefined, order: SQL[], pageNumber: number | undefined, today: string) {
  const current = currentPage(pageNumber)
  const listed = listOf(db, sql<null>`null`)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((current - 1) * pageSize)
  const [rows, [counted]] = await Promise.all([listed, countOf(db, where)])
  return pageOf(rows, counted?.n ?? 0, current, today)
}

// A client's list, built once per database and status filter and named (db/prepared.server.ts): each
// row of the page carries the count (`count(*) over ()`), in one statement, since an organisation has
// tens to hundreds of documents; only a page past the last asks for the count alone.
const clientDocumentStatements = preparedPerVariant((db: Db, status: Exclude<ShownStatus, 'draft'> | 'any') => {
  const d = billingDocuments
  const where = and(
    eq(d.organisationId, sql.placeholder('organisation')),
    eq(d.kind, sql.placeholder('kind')),
    ne(d.status, 'draft'),
    status === 'any' ? undefined : shownStatusCondition(status, sql.placeholder('today')),
  )
  return {
    page: listOf(db, sql<number>`(count(*) over ())::int`)
      .where(where)
      .orderBy(desc(d.issuedOn), desc(d.createdAt))
      .limit(pageSize)
      .offset(sql.placeholder('offset'))
      .prepare(`client_documents_${status}`),
    count: countOf(db, where).prepare(`client_documents_${status}_count`),
  }
})

/** An organisation's estimates, invoices or receipts (never drafts), newest first. */
export async function listClientDocuments(
  db: Db,
  organisationId: string,
  filter: { kind: DocumentKind; status?: ShownStatus | undefined; page?: number | undefined },
  today: string,
): Promise<DocumentPage> {
  const current = currentPage(filter.page)
  const statements = clientDocumentStatements(db, filter.status && filter.status !== 'draft' ? filter.status : 'any')
  const values = { organisation: organisationId, kind: filter.kind, today, offset: (current - 1) * pageSize }
  const rows = await statements.page.execute(values)
  const total = rows[0]?.total ?? (current > 1 ? ((await statements.count.execute(values))[0]?.n ?? 0) : 0)
  return pageOf(rows, total, current, today)
}

export type StaffFilter = {
  clientId?: string | undefined
  kind?: DocumentKind | undefined
  status?: ShownStatus | undefined
  /** Document date (the day it was sent or issued) from and to, inclusive; drafts have none. */
  from?: string | undefined
  to?: string | undefined
  /** Part of a number, a client's name, company or e-mail. */
  q?: string | undefined
  page?: number | undefined
  /** Leave drafts out (the employees' read-only list). */
  excludeDrafts?: boolean | undefined
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Every document, newest first, with the back office's filters. */
export function listStaffDocuments(db: Db, filter: StaffFilter, today: string): Promise<DocumentPage> {
  const d = billingDocuments
  const q = filter.q?.trim()
  const where = and(
    filter.clientId && isDocumentId(filter.clientId) ? eq(d.clientId, filter.clientId) : undefined,
    filter.kind ? eq(d.kind, filter.kind) : undefined,
    filter.status ? shownStatusCondition(filter.status, today) : undefined,
    filter.excludeDrafts ? ne(d.status, 'draft') : undefined,
    filter.from ? gte(d.issuedOn, filter.from) : undefined,
    filter.to ? lte(d.issuedOn, filter.to) : undefined,
    // The clients are matched once, not once per document through a join (docs/decisions/023-trigram-search.md).
    q
      ? or(
          ilike(d.number, likePattern(q)),
          inArray(
            d.clientId,
            db
              .select({ id: clientOnboarding.id })
              .from(clientOnboarding)
              .where(
                or(
                  ilike(clientOnboarding.fullName, likePattern(q)),
                  ilike(clientOnboarding.companyName, likePattern(q)),
                  ilike(clientOnboarding.email, likePattern(q)),
                ),
              ),
          ),
        )
      : undefined,
  )
  return staffPage(db, where, [desc(d.createdAt), desc(d.id)], filter.page, today)
}

export type ClientSummary = {
  balanceDueCents: number
  openInvoices: number
  overdue: DocumentListItem[]
  awaitingDecision: DocumentListItem[]
  latestReceipts: DocumentListItem[]
}

type SummaryList = 'overdue' | 'awaiting' | 'receipts'

// Built once per database and named (db/prepared.server.ts): /billing runs them on every visit.
const summaryStatements = preparedOnce((db: Db) => {
  const d = billingDocuments
  const mine = eq(d.organisationId, sql.placeholder('organisation'))
  const today = sql.placeholder('today')
  // The three short lists in one statement: each row says its list, and its place in that list
  // (numbered in the list's own order, as the page shows it).
  const list = (name: SummaryList, where: SQL | undefined, order: SQL[], limit: number) =>
    db
      .select({
        ...listColumns,
        list: sql<SummaryList>`${name}::text`.as('list'),
        place: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('place'),
      })
      .from(billingDocuments)
      .innerJoin(clientOnboarding, eq(clientOnboarding.id, billingDocuments.clientId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
  return {
    balance: db
      .select({
        cents: sql<number>`coalesce(sum(${d.totalCents} - ${d.amountPaidCents}), 0)::bigint`.mapWith(Number),
        n: sql<number>`count(*)::int`,
      })
      .from(d)
      .where(and(mine, eq(d.kind, 'invoice'), inArray(d.status, [...openInvoiceStatuses])))
      .prepare('billing_summary_balance'),
    lists: unionAll(
      list('overdue', and(mine, shownStatusCondition('overdue', today)), [asc(d.dueOn)], 20),
      list(
        'awaiting',
        and(mine, eq(d.kind, 'estimate'), inArray(d.status, [...awaitingEstimateStatuses]), gte(d.expiresOn, today)),
        [asc(d.expiresOn)],
        20,
      ),
      list('receipts', and(mine, eq(d.kind, 'receipt')), [desc(d.issuedOn), desc(d.createdAt)], 5),
    )
      .orderBy(sql`list`, sql`place`)
      .prepare('billing_summary_lists'),
  }
})

/** The /billing page of an organisation: what it owes, what is late, what waits for it, what it paid. */
export async function clientSummary(db: Db, organisationId: string, today: string): Promise<ClientSummary> {
  const statements = summaryStatements(db)
  const values = { organisation: organisationId, today }
  const [[balance], rows] = await Promise.all([statements.balance.execute(values), statements.lists.execute(values)])
  const itemsOf = (name: SummaryList) =>
    (rows as (ListRow & { list: SummaryList })[]).filter((row) => row.list === name).map((row) => toItem(row, today))
  return {
    balanceDueCents: balance?.cents ?? 0,
    openInvoices: balance?.n ?? 0,
    overdue: itemsOf('overdue'),
    awaitingDecision: itemsOf('awaiting'),
    latestReceipts: itemsOf('receipts'),
  }
}

export type PaymentWithReceipt = BillingPayment & { receiptNumber: string | null }

export type DocumentDetail = {
  /** The document, with its bank payments in flight (what `payment_pending` is read from). */
  document: BillingDocument & { pendingCents?: number }
  lines: BillingDocumentLine[]
  client: ClientOnboarding
  /** An invoice's payments, oldest first, each with its receipt's number. */
  payments: PaymentWithReceipt[]
  /** A receipt's payment and the invoice it paid. */
  receiptOf: { payment: BillingPayment; invoice: Pick<BillingDocument, 'id' | 'number' | 'totalCents'> } | null
  /** An invoice made from an estimate: that estimate; a receipt: its invoice. */
  source: Pick<BillingDocument, 'id' | 'kind' | 'number'> | null
  /** An estimate converted into an invoice: that invoice. */
  convertedTo: Pick<BillingDocument, 'id' | 'number' | 'status'> | null
}

/**
 * One document with everything its page and PDF show. With `organisationId`, only that
 * organisation's and never a draft: anything else is null, exactly as for an id that does not exist.
 */
export async function documentDetail(db: Db, id: string, organisationId?: string): Promise<DocumentDetail | null> {
  if (!isDocumentId(id)) return null
  const d = billingDocuments
  const [found] = await db
    .select({ document: billingDocuments, client: clientOnboarding, pendingCents: pendingCentsSql })
    .from(billingDocuments)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, billingDocuments.clientId))
    .where(
      and(
        eq(d.id, id),
        organisationId !== undefined ? and(eq(d.organisationId, organisationId), ne(d.status, 'draft')) : undefined,
      ),
    )
    .limit(1)
  if (!found) return null
  const { client } = found
  const document = { ...found.document, pendingCents: found.pendingCents }
  const [lines, payments, source, convertedTo, receiptPayment] = await Promise.all([
    document.kind === 'receipt'
      ? Promise.resolve([])
      : db
          .select()
          .from(billingDocumentLines)
          .where(eq(billingDocumentLines.documentId, id))
          .orderBy(asc(billingDocumentLines.position)),
    document.kind === 'invoice'
      ? db
          .select({ payment: billingPayments, receiptNumber: billingDocuments.number })
          .from(billingPayments)
          .innerJoin(billingDocuments, eq(billingDocuments.id, billingPayments.receiptId))
          .where(eq(billingPayments.invoiceId, id))
          .orderBy(asc(billingPayments.createdAt))
      : Promise.resolve([]),
    document.sourceDocumentId
      ? db
          .select({ id: d.id, kind: d.kind, number: d.number })
          .from(d)
          .where(eq(d.id, document.sourceDocumentId))
          .limit(1)
      : Promise.resolve([]),
    document.kind === 'estimate' && document.status === 'converted'
      ? db
          .select({ id: d.id, number: d.number, status: d.status })
          .from(d)
          .where(and(eq(d.sourceDocumentId, id), eq(d.kind, 'invoice')))
          .limit(1)
      : Promise.resolve([]),
    document.kind === 'receipt'
      ? db
          .select({ payment: billingPayments, invoice: { id: d.id, number: d.number, totalCents: d.totalCents } })
          .from(billingPayments)
          .innerJoin(d, eq(d.id, billingPayments.invoiceId))
          .where(eq(billingPayments.receiptId, id))
          .limit(1)
      : Promise.resolve([]),
  ])
  return {
    document,
    lines,
    client,
    payments: payments.map((row) => ({ ...row.payment, receiptNumber: row.receiptNumber })),
    receiptOf: receiptPayment[0] ?? null,
    source: source[0] ?? null,
    convertedTo: convertedTo[0] ?? null,
  }
}

/** What the PDF of a document needs, from its detail. */
export function pdfInputOf(detail: DocumentDetail, today: string): BillingPdfInput {
  const { document } = detail
  return {
    document,
    lines: detail.lines,
    issuer: document.issuer ?? currentIssuer(),
    billTo: document.billTo ?? billToOf(detail.client),
    payment: detail.receiptOf
      ? {
          ...detail.receiptOf.payment,
          invoiceNumber: detail.receiptOf.invoice.number ?? '',
          invoiceTotalCents: detail.receiptOf.invoice.totalCents,
        }
      : undefined,
    sourceNumber: document.kind === 'invoice' ? (detail.source?.number ?? null) : null,
    today,
  }
}

export type ClientAccountChoice = Pick<ClientOnboarding, 'id' | 'email' | 'fullName' | 'companyName' | 'phone'>

/** Approved client accounts, for the editor's client picker and the list's client filter. */
export function listClientAccounts(db: Db): Promise<ClientAccountChoice[]> {
  return db
    .select({
      id: clientOnboarding.id,
      email: clientOnboarding.email,
      fullName: clientOnboarding.fullName,
      companyName: clientOnboarding.companyName,
      phone: clientOnboarding.phone,
    })
    .from(clientOnboarding)
    .where(and(eq(clientOnboarding.role, 'client'), inArray(clientOnboarding.status, ['approved', 'verified'])))
    .orderBy(
      asc(sql`coalesce(${clientOnboarding.companyName}, ${clientOnboarding.fullName}, ${clientOnboarding.email})`),
    )
}
