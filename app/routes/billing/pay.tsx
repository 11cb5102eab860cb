import { CreditCardIcon } from 'lucide-react'
import { Form, redirect, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { centsToDecimal, formatMoney } from '~/features/billing'
import { billingClient, documentNotFound } from '~/features/billing/context.server'
import { paymentsDeps } from '~/features/payments/context.server'
import { payFormSchema } from '~/features/payments/schema'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { BackLink, PageHeader } from '~/ui/page-header'
import { documentDetail } from '../../../server/billing/queries.server.ts'
import { invoicePaymentState, startInvoiceCheckout } from '../../../server/payments/payments.server.ts'
import type { Route } from './+types/pay'

// /billing/invoices/{id}/pay: the Pay action of a sent invoice (owners and billing people, the
// area's rule; members are refused in their role's words). The balance or a part, then the
// provider's hosted page (card or US bank account): no card number ever reaches this server.
// Another organisation's invoice, a draft, an unknown id, or no online payments at all: 404.

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta({
    title: loaderData ? `Pay invoice ${loaderData.number}` : 'Pay an invoice',
    description: `Pay an invoice from ${business.name} online.`,
    path: location.pathname,
    matches,
    noindex: true,
  })

async function load(args: Pick<IntentContext, 'context' | 'params'>) {
  const client = await billingClient(args.context, guardedUser(args.context))
  const deps = paymentsDeps(args.context)
  if (!client || !deps.provider) throw documentNotFound()
  return { client, deps, id: args.params.id ?? '' }
}

export const loader = async (args: Route.LoaderArgs) => {
  const { client, deps, id } = await load(args)
  const detail = await documentDetail(args.context.get(appContext).database.db, id, client.organisationId)
  const doc = detail?.document
  if (!doc || doc.kind !== 'invoice' || doc.status === 'draft') throw documentNotFound()
  const { payableCents, pendingCents } = await invoicePaymentState(deps.db, doc)
  return {
    id: doc.id,
    number: doc.number ?? '',
    balance: formatMoney(doc.totalCents - doc.amountPaidCents),
    pending: pendingCents > 0 ? formatMoney(pendingCents) : null,
    payable: formatMoney(payableCents),
    payableInput: centsToDecimal(payableCents),
    canPay: payableCents > 0,
  }
}

export const action = intentAction(
  {
    pay: {
      schema: payFormSchema,
      invalid: 'Check the amount. Nothing was charged.',
      run: async (ctx, { amount }) => {
        const { client, deps, id } = await load(ctx)
        const { url } = await startInvoiceCheckout(deps, client, id, amount)
        return redirect(url)
      },
    },
  },
  { outage: nothingRecordedMessage },
)

export default function PayInvoice({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const invoicePath = `/billing/invoices/${loaderData.id}`
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <BackLink to={invoicePath}>Invoice {loaderData.number}</BackLink>
      <PageHeader title={`Pay invoice ${loaderData.number}`} />
      {result && !result.ok && <FormMessage tone="error">{result.message}</FormMessage>}
      {loaderData.pending && (
        <FormMessage tone="notice">
          Payment pending: a bank payment of {loaderData.pending} is on its way and counts against the balance until it
          settles.
        </FormMessage>
      )}
      {loaderData.canPay ? (
        <Form method="post" className="grid gap-4 rounded-xl border p-4 sm:p-6">
          <input type="hidden" name="intent" value="pay" />
          <Field
            label="Amount to pay ($)"
            required
            error={errors?.amount}
            hint={`Balance due: ${loaderData.balance}. You can pay all of ${loaderData.payable} or a part.`}
          >
            <Input
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={(result && !result.ok ? result.values?.amount : undefined) ?? loaderData.payableInput}
            />
          </Field>
          <p className="text-muted-foreground text-sm">
            Next, our payment provider's secure page asks for your card or US bank account (ACH). A bank payment takes
            up to 4 business days to settle; the invoice shows it as pending until then.
          </p>
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start" disabled={busy}>
            <CreditCardIcon aria-hidden="true" />
            Continue to secure payment
          </Button>
        </Form>
      ) : (
        <FormMessage tone="notice">Nothing is left to pay on this invoice.</FormMessage>
      )}
    </div>
  )
}
