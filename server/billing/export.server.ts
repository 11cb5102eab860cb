import { and, asc, between, eq, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { kindLabels, paymentMethodLabels } from '../../app/features/billing/labels.ts'
import { centsToDecimal, taxRateInput } from '../../app/features/billing/money.ts'
import { shownStatus, statusLabels } from '../../app/features/billing/states.ts'
import type { Db } from '../db/client.server.ts'
import { billingDocuments, billingPayments, clientOnboarding, onlinePayments } from '../db/schema/index.server.ts'
import { spreadsheetCsv } from '../spreadsheet-csv.server.ts'
import { pendingCentsSql } from './queries.server.ts'

/**
 * The accountant's export: one CSV of the invoices dated in a range (sent ones, void included, with
 * their status) and the payments received in it, one row each, amounts as plain decimals. Text
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with an
 * apostrophe; a UTF-8 byte order mark makes Excel read accented names right.
 */

const header = [
  'Type',
  'Number',
  'Date',
  'Client',
  'Company',
  'E-mail',
  'Status',
  'Due date',
  'Subtotal',
  'Tax rate %',
  'Tax',
  'Total',
  'Amount paid',
  'Balance',
  'Payment method',
  'Payment reference',
  'Invoice number',
  'Receipt number',
  'Provider payment id',
  'Provider charge id',
  'Refunded',
]

export async function accountantCsv(
  db: Db,
  range: { from: string; to: string },
  today: string,
): Promise<{ filename: string; csv: string; rows: number }> {
  const d = billingDocuments
  const invoices = await db
    .select({ doc: billingDocuments, client: clientOnboarding, pendingCents: pendingCentsSql })
    .from(d)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, d.clientId))
    .where(and(eq(d.kind, 'invoice'), ne(d.status, 'draft'), between(d.issuedOn, range.from, range.to)))
    .orderBy(asc(d.issuedOn), asc(d.number))
  const receipt = alias(billingDocuments, 'receipt')
  const payments = await db
    .select({
      payment: billingPayments,
      invoiceNumber: d.number,
      receiptNumber: receipt.number,
      billTo: d.billTo,
      client: clientOnboarding,
      online: onlinePayments,
    })
    .from(billingPayments)
    .leftJoin(onlinePayments, eq(onlinePayments.paymentId, billingPayments.id))
    .innerJoin(d, eq(d.id, billingPayments.invoiceId))
    .innerJoin(receipt, eq(receipt.id, billingPayments.receiptId))
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, d.clientId))
    .where(between(billingPayments.receivedOn, range.from, range.to))
    .orderBy(asc(billingPayments.receivedOn), asc(billingPayments.createdAt))

  const rows: (string | null)[][] = [
    ...invoices.map(({ doc, client, pendingCents }) => [
      kindLabels.invoice,
      doc.number,
      doc.issuedOn,
      doc.billTo?.name ?? client.fullName ?? client.email,
      doc.billTo?.companyName ?? client.companyName,
      client.email,
      statusLabels[shownStatus({ ...doc, pendingCents }, today)],
      doc.dueOn,
      centsToDecimal(doc.subtotalCents),
      taxRateInput(doc.taxRateMilliPercent),
      centsToDecimal(doc.taxCents),
      centsToDecimal(doc.totalCents),
      centsToDecimal(doc.amountPaidCents),
      centsToDecimal(doc.status === 'void' ? 0 : doc.totalCents - doc.amountPaidCents),
      null,
      null,
      doc.number,
      null,
      null,
      null,
      null,
    ]),
    ...payments.map(({ payment, invoiceNumber, receiptNumber, billTo, client, online }) => [
      'Payment',
      receiptNumber,
      payment.receivedOn,
      billTo?.name ?? client.fullName ?? client.email,
      billTo?.companyName ?? client.companyName,
      client.email,
      null,
      null,
      null,
      null,
      null,
      centsToDecimal(payment.amountCents),
      centsToDecimal(payment.amountCents),
      centsToDecimal(payment.balanceAfterCents),
      paymentMethodLabels[payment.method],
      payment.reference,
      invoiceNumber,
      receiptNumber,
      online?.paymentIntentId ?? null,
      online?.chargeId ?? null,
      online && online.refundedCents > 0 ? centsToDecimal(online.refundedCents) : null,
    ]),
  ]
  const csv = spreadsheetCsv([header, ...rows], { bom: true })
  return { filename: `billing-${range.from}-to-${range.to}.csv`, csv, rows: rows.length }
}
