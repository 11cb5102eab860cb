import { useEffect } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button } from '../../ui/button'
import { Field, FormMessage } from '../../ui/field'
import { Input } from '../../ui/input'

/** One online payment as staff see it on an invoice (made by the invoice-payments route). */
export type StaffOnlinePaymentRow = {
  id: string
  amount: string
  refundable: string | null
  refundableInput: string
  status: string
  method: string
  when: string
  paymentIntentId: string | null
  chargeId: string | null
  failureReason: string | null
  refunds: { amount: string; when: string; by: string; reason: string | null }[]
}

type Loaded = { rows: StaffOnlinePaymentRow[] }
type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string> }

/**
 * The online payments of an invoice with a refund form each (whole or part), for the admins'
 * invoice page: it loads itself from /admin/payments/invoices/{id}, which is also a page of its own.
 */
export function StaffOnlinePayments({ invoiceId }: { invoiceId: string }) {
  const fetcher = useFetcher<Loaded>()
  const path = `/admin/payments/invoices/${invoiceId}`
  useEffect(() => {
    if (fetcher.state === 'idle' && !fetcher.data) fetcher.load(path)
  }, [fetcher, path])
  const rows = fetcher.data?.rows
  if (!rows || rows.length === 0) return null
  return <OnlinePaymentsList rows={rows} action={path} />
}

export function OnlinePaymentsList({ rows, action }: { rows: StaffOnlinePaymentRow[]; action: string }) {
  return (
    <section aria-labelledby="online-payments" className="grid gap-3 rounded-xl border p-4 sm:p-6">
      <h2 id="online-payments" className="font-semibold text-lg">
        Online payments
      </h2>
      <ul className="grid gap-4">
        {rows.map((row) => (
          <li key={row.id} className="grid gap-2 border-t pt-3 first:border-t-0 first:pt-0">
            <p>
              <strong>{row.amount}</strong> · {row.method} · {row.status} · {row.when}
            </p>
            <p className="break-all text-muted-foreground text-xs">
              {row.paymentIntentId ?? 'no payment intent yet'}
              {row.chargeId ? ` · ${row.chargeId}` : ''}
            </p>
            {row.failureReason && <p className="text-destructive text-sm">Why it failed: {row.failureReason}</p>}
            {row.refunds.map((refund) => (
              <p key={`${refund.when}-${refund.amount}`} className="text-sm">
                Refunded {refund.amount} on {refund.when} by {refund.by}
                {refund.reason ? `: ${refund.reason}` : ''}
              </p>
            ))}
            {row.refundable && <RefundForm row={row} action={action} />}
          </li>
        ))}
      </ul>
    </section>
  )
}

function RefundForm({ row, action }: { row: StaffOnlinePaymentRow; action: string }) {
  const fetcher = useFetcher<Answer>()
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined
  return (
    <fetcher.Form method="post" action={action} className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="paymentId" value={row.id} />
      <Field label="Refund ($)" required error={errors?.amount} hint={`Up to ${row.refundable}.`}>
        <Input name="amount" inputMode="decimal" defaultValue={row.refundableInput} />
      </Field>
      <Field label="Reason (told to the client)" error={errors?.reason}>
        <Input name="reason" maxLength={500} />
      </Field>
      <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
        Refund
      </Button>
      {fetcher.data?.message && (
        <div className="sm:col-span-3">
          <FormMessage tone={fetcher.data.ok ? 'success' : 'error'}>{fetcher.data.message}</FormMessage>
        </div>
      )}
    </fetcher.Form>
  )
}
