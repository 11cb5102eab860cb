import { Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { formatMoney } from '~/features/billing'
import { methodKindLabels } from '~/features/payments'
import { businessDate, formatCalendarDate } from '~/lib/business-time'
import { pageMeta } from '~/lib/seo'
import { PageHeader } from '~/ui/page-header'
import { failingPayments } from '../../../server/payments/payments.server.ts'
import type { Route } from './+types/payments'

// /admin/payments: every failing online payment of an invoice still open, in one list: autopay
// charges with their attempt and next retry, bank payments the bank returned, with the reason.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: 'Failing payments', description: business.name, path: location.pathname, matches, noindex: true })

export const loader = async (args: Route.LoaderArgs) => {
  const rows = await failingPayments(args.context.get(appContext).database.db)
  return {
    rows: rows.map((row) => ({
      id: row.id,
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber ?? '',
      organisation: row.organisation,
      amount: formatMoney(row.amountCents),
      method: row.methodKind ? methodKindLabels[row.methodKind] : 'Online',
      reason: row.reason ?? '',
      attempt: row.autopay ? `Autopay, attempt ${row.attempt}` : 'Paid by the client',
      next: row.nextAttemptAt ? formatCalendarDate(businessDate(row.nextAttemptAt)) : 'No retry left',
      failedOn: formatCalendarDate(businessDate(row.failedAt)),
    })),
  }
}

export default function FailingPayments({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <PageHeader title="Failing payments">
        <p className="text-muted-foreground text-sm">
          Online payments that did not go through, of invoices still open. Autopay tries again 3, 5 and 7 days after the
          first failure; the client is e-mailed each time.
        </p>
      </PageHeader>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">No failing payment. Every online payment went through.</p>
      ) : (
        <ul className="grid gap-3">
          {rows.map((row) => (
            <li key={row.id} className="grid gap-1 rounded-xl border p-4">
              <p>
                <Link to={`/admin/billing/${row.invoiceId}`} className="font-semibold text-primary underline">
                  Invoice {row.invoiceNumber}
                </Link>{' '}
                · {row.organisation} · <strong>{row.amount}</strong> · {row.method}
              </p>
              <p className="text-sm">Why: {row.reason}</p>
              <p className="text-muted-foreground text-sm">
                {row.attempt} · failed {row.failedOn} · next try: {row.next}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
