import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { businessDateTimeFormat, formatCalendarDate } from '~/lib/business-time'
import type { StaffDocumentView } from './document-view.server'
import { kindLabels, paymentMethodLabels } from './labels'
import { formatMoney } from './money'
import { PrintedDocumentView } from './printed-document'
import { statusLabels } from './states'

/**
 * The parts of a sent document's page that the client's, the admins' and the employees' pages
 * share: its payments, its history and its reminders. Each page adds only what differs (the
 * client's decision, the admins' actions).
 */

const formatTime = (iso: string) => businessDateTimeFormat.format(new Date(iso))

type Payment = {
  id: string
  amountCents: number
  method: keyof typeof paymentMethodLabels
  receivedOn: string
  receiptId: string
  receiptNumber: string | null
  reference?: string | null
  recordedBy?: string | null
}

/**
 * An invoice's payments with links to their receipts. Staff read how it was recorded (method,
 * reference, by whom); the client reads it in a sentence.
 */
export function DocumentPayments({
  payments,
  receiptHref,
  audience,
}: {
  payments: readonly Payment[]
  receiptHref: (receiptId: string) => string
  audience: 'client' | 'staff'
}) {
  return (
    <section aria-labelledby="payments-heading" className="grid gap-3">
      <h2 id="payments-heading" className="font-semibold text-xl">
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="text-muted-foreground text-sm">No payment recorded yet.</p>
      ) : (
        <ul className="grid gap-2">
          {payments.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card p-4 text-sm"
            >
              {audience === 'client' ? (
                <span>
                  {formatMoney(p.amountCents)} by {paymentMethodLabels[p.method].toLowerCase()} on{' '}
                  {formatCalendarDate(p.receivedOn)}
                </span>
              ) : (
                <span>
                  {formatMoney(p.amountCents)} · {paymentMethodLabels[p.method]} · received{' '}
                  {formatCalendarDate(p.receivedOn)}
                  {p.reference && ` · ${p.reference}`} · recorded by {p.recordedBy}
                </span>
              )}
              {p.receiptNumber && (
                <Link to={receiptHref(p.receiptId)} className="font-semibold text-primary underline">
                  Receipt {p.receiptNumber}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A panel of the staff pages' side column. */
export function SidePanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2 rounded-xl border bg-card p-6 text-sm shadow-sm">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * Who did what to a document and when (New York time), and the documents it came from or became.
 * `href` gives the staff page of a related document, or null where the reader cannot open it
 * (an employee and a draft invoice).
 */
export function DocumentHistory({
  view,
  href,
}: {
  view: Pick<StaffDocumentView, 'kind' | 'shown' | 'timeline' | 'source' | 'convertedTo'>
  href: (doc: { id: string; number: string | null }) => string | null
}) {
  const t = view.timeline
  const related = (doc: { id: string; number: string | null }, text: string) => {
    const to = href(doc)
    return to ? (
      <Link to={to} className="font-semibold text-primary underline">
        {text}
      </Link>
    ) : (
      <span className="font-semibold">{text}</span>
    )
  }
  return (
    <SidePanel id="history-heading" title="History">
      <ul className="grid gap-1">
        <li>
          Created {formatTime(t.createdAt)} by {t.createdBy}
        </li>
        {t.sentAt && (
          <li>
            {view.kind === 'receipt' ? 'Issued' : 'Sent'} {formatTime(t.sentAt)}
            {t.sentBy ? ` by ${t.sentBy}` : ''}
          </li>
        )}
        {view.kind !== 'receipt' && (
          <li>{t.viewedAt ? `Viewed by the client ${formatTime(t.viewedAt)}` : 'Not opened by the client yet'}</li>
        )}
        {t.decidedAt && (
          <li>
            {statusLabels[view.shown === 'converted' ? 'accepted' : view.shown]} by the client {formatTime(t.decidedAt)}
          </li>
        )}
        {t.paidAt && <li>Paid in full {formatTime(t.paidAt)}</li>}
        {t.voidedAt && <li>Void since {formatTime(t.voidedAt)}</li>}
      </ul>
      {view.source?.number && (
        <p>From {related(view.source, `${kindLabels[view.source.kind]} ${view.source.number}`)}</p>
      )}
      {view.convertedTo && <p>Invoiced as {related(view.convertedTo, view.convertedTo.number ?? 'a draft invoice')}</p>}
    </SidePanel>
  )
}

/** An invoice's overdue reminders: how many went out, the next one; `children` may switch them. */
export function RemindersSummary({
  reminders,
  children,
}: {
  reminders: NonNullable<StaffDocumentView['reminders']>
  children?: ReactNode
}) {
  return (
    <SidePanel id="reminders-heading" title="Overdue reminders">
      <p>
        {reminders.sent} of 3 sent.{' '}
        {reminders.enabled
          ? reminders.next
            ? `Next on ${formatCalendarDate(reminders.next)} if still unpaid.`
            : 'None due.'
          : 'Turned off for this invoice.'}
      </p>
      {children}
    </SidePanel>
  )
}

/**
 * A sent document's page body for staff: the printed document and an invoice's payments, beside
 * its history, its reminders and `aside` (the admins' actions; nothing for employees).
 */
export function StaffDocumentBody({
  view,
  href,
  drafts,
  reminders,
  aside,
}: {
  view: StaffDocumentView
  /** The reader's page of a document (a receipt, the estimate it came from…). */
  href: (id: string) => string
  /** Whether the reader may open a draft (admins): else a draft invoice is named, not linked. */
  drafts: boolean
  /** Under the reminders' summary: the admins' switch. */
  reminders?: ReactNode
  aside?: ReactNode
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-6">
        <PrintedDocumentView doc={view.printed} />
        {view.kind === 'invoice' && <DocumentPayments payments={view.payments} receiptHref={href} audience="staff" />}
      </div>
      <aside className="grid content-start gap-4">
        <DocumentHistory view={view} href={(doc) => (doc.number || drafts ? href(doc.id) : null)} />
        {view.reminders && <RemindersSummary reminders={view.reminders}>{reminders}</RemindersSummary>}
        {aside}
      </aside>
    </div>
  )
}
