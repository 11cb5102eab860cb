import { and, eq, inArray } from 'drizzle-orm'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { centsToDecimal, formatMoney } from '~/features/billing'
import { methodKindLabels, onlinePaymentStatusLabels } from '~/features/payments'
import { paymentsDeps } from '~/features/payments/context.server'
import { refundFormSchema } from '~/features/payments/schema'
import { OnlinePaymentsList, type StaffOnlinePaymentRow } from '~/features/payments/staff-online-payments'
import { businessDate, formatCalendarDate } from '~/lib/business-time'
import { nothingChangedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { isUuid } from '~/lib/uuid'
import { BackLink, PageHeader } from '~/ui/page-header'
import { billingDocuments, onlinePayments, onlineRefunds } from '../../../server/db/schema/index.server.ts'
import { onlinePaymentsOf, refundOnlinePayment } from '../../../server/payments/payments.server.ts'
import type { Route } from './+types/invoice-payments'

// /admin/payments/invoices/{id}: an invoice's online payments, with the provider's ids, and a refund
// (whole or part) of each that went through. The admins' invoice page shows this in place.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: 'Online payments of an invoice',
    description: business.name,
    path: location.pathname,
    matches,
    noindex: true,
  })

const notFound = () => new DomainError('not_found', 'There is no invoice at this address.')

export const loader = async (args: Route.LoaderArgs) => {
  const { db } = args.context.get(appContext).database
  const id = args.params.id
  if (!isUuid(id)) throw notFound()
  const [invoice] = await db
    .select({ id: billingDocuments.id, number: billingDocuments.number })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, id), eq(billingDocuments.kind, 'invoice')))
  if (!invoice) throw notFound()
  const payments = await onlinePaymentsOf(db, id)
  const refunds = payments.length
    ? await db
        .select()
        .from(onlineRefunds)
        .where(
          inArray(
            onlineRefunds.onlinePaymentId,
            payments.map((p) => p.id),
          ),
        )
    : []
  const rows: StaffOnlinePaymentRow[] = payments.map((p) => {
    const left = p.amountCents - p.refundedCents
    const refundable = ['succeeded', 'partially_refunded'].includes(p.status) && left > 0
    return {
      id: p.id,
      amount: formatMoney(p.amountCents),
      refundable: refundable ? formatMoney(left) : null,
      refundableInput: centsToDecimal(left),
      status: onlinePaymentStatusLabels[p.status],
      method: `${p.methodKind ? methodKindLabels[p.methodKind] : 'Online'}${p.autopay ? `, autopay attempt ${p.attempt}` : ''}`,
      when: formatCalendarDate(businessDate(p.updatedAt)),
      paymentIntentId: p.paymentIntentId,
      chargeId: p.chargeId,
      failureReason: p.failureReason,
      refunds: refunds
        .filter((r) => r.onlinePaymentId === p.id)
        .map((r) => ({
          amount: formatMoney(r.amountCents),
          when: formatCalendarDate(businessDate(r.createdAt)),
          by: r.refundedByEmail,
          reason: r.reason,
        })),
    }
  })
  return { invoice, rows }
}

export const action = intentAction(
  {
    refund: {
      schema: refundFormSchema,
      invalid: 'Check the refund. Nothing was refunded.',
      run: async (ctx, { paymentId, amount, reason }) => {
        const admin = guardedUser(ctx.context)
        const deps = paymentsDeps(ctx.context)
        const [payment] = await deps.db
          .select({ invoiceId: onlinePayments.invoiceId })
          .from(onlinePayments)
          .where(eq(onlinePayments.id, paymentId))
        if (payment?.invoiceId !== ctx.params.id) throw notFound()
        await refundOnlinePayment(deps, { userId: admin.userId, email: admin.email }, paymentId, amount, reason)
        return formatMoney(amount)
      },
      done: (amount) => `Refunded ${amount}. The client is e-mailed.`,
    },
  },
  { outage: nothingChangedMessage },
)

export default function InvoicePayments({ loaderData }: Route.ComponentProps) {
  const { invoice, rows } = loaderData
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <BackLink to={`/admin/billing/${invoice.id}`}>Invoice {invoice.number ?? '(draft)'}</BackLink>
      <PageHeader title={`Online payments of invoice ${invoice.number ?? '(draft)'}`} />
      {rows.length === 0 ? (
        <p className="text-muted-foreground">No online payment of this invoice yet.</p>
      ) : (
        <OnlinePaymentsList rows={rows} action={`/admin/payments/invoices/${invoice.id}`} />
      )}
    </div>
  )
}
