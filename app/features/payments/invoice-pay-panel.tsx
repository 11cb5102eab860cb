import { CreditCardIcon } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '../../ui/button'
import { FormMessage } from '../../ui/field'

/** What the client's invoice page shows of online payment (made by `invoicePayState`). */
export type InvoicePayState = {
  payHref: string
  canPay: boolean
  /** What can still be paid, formatted. */
  payable: string
  /** A bank payment in flight, formatted, or null. */
  pending: string | null
  /** What became of the payment the client just came back from. */
  outcome: { tone: 'success' | 'notice' | 'error'; text: string } | null
}

/**
 * The Pay action of a sent invoice and its "payment pending" notice; absent without online
 * payments. Full width on a phone, its button big enough to press.
 */
export function InvoicePayPanel({ state }: { state: InvoicePayState }) {
  return (
    <section
      aria-labelledby="pay-online"
      className="grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4 sm:p-6"
    >
      <h2 id="pay-online" className="font-semibold text-lg">
        Pay online
      </h2>
      {state.outcome && <FormMessage tone={state.outcome.tone}>{state.outcome.text}</FormMessage>}
      {state.pending && (
        <p className="text-sm" data-testid="payment-pending">
          <strong>Payment pending:</strong> a bank payment of {state.pending} is on its way. The invoice is not overdue
          while it settles.
        </p>
      )}
      {state.canPay ? (
        <div className="flex flex-wrap items-center gap-3">
          <Link to={state.payHref} className={buttonVariants({ size: 'lg', className: 'w-full sm:w-auto' })}>
            <CreditCardIcon aria-hidden="true" />
            Pay
          </Link>
          <p className="text-muted-foreground text-sm">
            {state.payable} can be paid now, all or part, by card or US bank account.
          </p>
        </div>
      ) : (
        !state.pending && <p className="text-muted-foreground text-sm">Nothing is left to pay on this invoice.</p>
      )}
    </section>
  )
}

/** The billing home's way to autopay, when online payments are on. */
export function AutopayLink() {
  return (
    <p className="text-sm">
      Pay invoices online, or have them paid automatically:{' '}
      <Link to="/billing/autopay" className="font-semibold text-primary underline">
        set up autopay
      </Link>
      .
    </p>
  )
}
