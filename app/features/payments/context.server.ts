import { eq } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import type { ClientActor } from '../../../server/billing/documents.server.ts'
import { type BillingDocument, onlinePayments } from '../../../server/db/schema/index.server.ts'
import { invoicePaymentState, type PaymentsDeps } from '../../../server/payments/payments.server.ts'
import { paymentProviderFor } from '../../../server/payments/stripe.server.ts'
import { appContext } from '../../context.server'
import { formatMoney } from '../billing'
import type { InvoicePayState } from './invoice-pay-panel'

/** What payment pages and actions need from the request: billing's services and the provider (none without keys). */
export function paymentsDeps(context: Readonly<RouterContextProvider>): PaymentsDeps {
  const { database, outbox, config, log } = context.get(appContext)
  if (!outbox) throw new Error('payments need the mail outbox')
  return { db: database.db, outbox, publicUrl: config.publicUrl, provider: paymentProviderFor(config), log }
}

/**
 * The Pay panel of a client's invoice page: whether they can pay online now, what is pending, and
 * what became of the payment they just came back from (`?payment=<id>`, their organisation's only).
 */
export async function invoicePayState(
  context: Readonly<RouterContextProvider>,
  client: ClientActor,
  invoice: BillingDocument,
  request: Request,
): Promise<InvoicePayState | null> {
  const deps = paymentsDeps(context)
  if (!deps.provider || invoice.kind !== 'invoice' || invoice.status === 'void') return null
  const { pendingCents, payableCents } = await invoicePaymentState(deps.db, invoice)
  const returned = new URL(request.url).searchParams.get('payment')
  let outcome: InvoicePayState['outcome'] = null
  if (returned && /^[0-9a-f-]{36}$/i.test(returned)) {
    const [payment] = await deps.db.select().from(onlinePayments).where(eq(onlinePayments.id, returned))
    if (payment && payment.organisationId === client.organisationId && payment.invoiceId === invoice.id) {
      outcome =
        payment.status === 'succeeded'
          ? {
              tone: 'success',
              text: `Thank you: your payment of ${formatMoney(payment.amountCents)} is received. Your receipt is on its way by e-mail.`,
            }
          : payment.status === 'pending'
            ? {
                tone: 'notice',
                text: `Thank you: your bank payment of ${formatMoney(payment.amountCents)} has started. It takes up to 4 business days to settle; your receipt follows.`,
              }
            : payment.status === 'failed'
              ? {
                  tone: 'error',
                  text: `Your payment did not go through: ${payment.failureReason ?? 'it was declined'}.`,
                }
              : { tone: 'notice', text: 'Thank you: your payment is being confirmed. This page shows it in a moment.' }
    }
  }
  return {
    payHref: `/billing/invoices/${invoice.id}/pay`,
    canPay: payableCents > 0,
    payable: formatMoney(payableCents),
    pending: pendingCents > 0 ? formatMoney(pendingCents) : null,
    outcome,
  }
}
