import { BanIcon, BellIcon, BellOffIcon, FileOutputIcon, SendIcon, Trash2Icon, WalletIcon } from 'lucide-react'
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import type { FieldErrors } from '~/lib/forms/result'
import { Button } from '~/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/ui/dialog'
import { Choice, Field, FieldSet } from '~/ui/field'
import { Input } from '~/ui/input'
import { RadioGroup, RadioGroupItem } from '~/ui/radio-group'
import { ReasonDialog } from '~/ui/reason-dialog'
import { manualPaymentMethods, paymentMethodLabels } from './labels'
import { centsToDecimal, formatMoney } from './money'

/** The staff's actions on a document, each its own small form posting an `intent` to the document's page. */

function useBusy(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

export function SendForm({ kind, updatedAt }: { kind: 'estimate' | 'invoice'; updatedAt: string }) {
  const busy = useBusy('send')
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="updatedAt" value={updatedAt} />
      <Button type="submit" size="lg" disabled={busy}>
        <SendIcon aria-hidden="true" />
        {busy ? 'Sending…' : `Send ${kind} to the client`}
      </Button>
    </Form>
  )
}

export function ConvertForm() {
  const busy = useBusy('convert')
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="convert" />
      <Button type="submit" size="lg" disabled={busy}>
        <FileOutputIcon aria-hidden="true" />
        Convert into an invoice
      </Button>
    </Form>
  )
}

export function RemindersForm({ enabled }: { enabled: boolean }) {
  const busy = useBusy('reminders')
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="reminders" />
      {!enabled && <input type="hidden" name="enabled" value="on" />}
      <Button type="submit" variant="outline" disabled={busy}>
        {enabled ? <BellOffIcon aria-hidden="true" /> : <BellIcon aria-hidden="true" />}
        {enabled ? 'Turn reminders off' : 'Turn reminders on'}
      </Button>
    </Form>
  )
}

export function PaymentForm({
  balanceCents,
  today,
  errors,
  values,
}: {
  balanceCents: number
  today: string
  errors?: FieldErrors | undefined
  values?: Record<string, string> | undefined
}) {
  const busy = useBusy('pay')
  const [method, setMethod] = useState(values?.method ?? 'check')
  return (
    <Form method="post" noValidate className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm">
      <h2 className="flex items-center gap-2 font-semibold text-lg">
        <WalletIcon className="size-5 text-primary" aria-hidden="true" />
        Record a payment
      </h2>
      <input type="hidden" name="intent" value="pay" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Amount ($)" required error={errors?.amount} hint={`Balance due: ${formatMoney(balanceCents)}.`}>
          <Input name="amount" inputMode="decimal" defaultValue={values?.amount ?? centsToDecimal(balanceCents)} />
        </Field>
        <Field label="Received on" required error={errors?.receivedOn}>
          <Input name="receivedOn" type="date" max={today} defaultValue={values?.receivedOn ?? today} />
        </Field>
      </div>
      <FieldSet legend="Method" required error={errors?.method}>
        <RadioGroup name="method" value={method} onValueChange={setMethod} className="grid gap-2 sm:grid-cols-2">
          {manualPaymentMethods.map((m) => (
            <Choice
              key={m}
              label={paymentMethodLabels[m]}
              className="rounded-md border p-3 has-data-[state=checked]:border-primary"
            >
              <RadioGroupItem value={m} className="mt-0.5" />
            </Choice>
          ))}
        </RadioGroup>
      </FieldSet>
      <Field label="Reference" optional error={errors?.reference} hint="Check number, ACH trace, card slip.">
        <Input name="reference" maxLength={100} defaultValue={values?.reference ?? ''} />
      </Field>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Recording…' : 'Record payment and e-mail the receipt'}
        </Button>
      </div>
    </Form>
  )
}

export function VoidDialog({
  kind,
  number,
  error,
}: {
  kind: 'estimate' | 'invoice'
  number: string
  error?: string[] | undefined
}) {
  return (
    <ReasonDialog
      intent="void"
      trigger={
        <>
          <BanIcon aria-hidden="true" />
          {kind === 'invoice' ? 'Void invoice…' : 'Withdraw estimate…'}
        </>
      }
      title={`${kind === 'invoice' ? 'Void' : 'Withdraw'} ${number}?`}
      description="It stays on record, marked void, and the client is e-mailed the reason. This cannot be undone."
      reasonRequired
      confirm={kind === 'invoice' ? 'Void invoice' : 'Withdraw estimate'}
      error={error}
    />
  )
}

export function DeleteDraftDialog({ updatedAt }: { updatedAt: string }) {
  const busy = useBusy('delete')
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost">
          <Trash2Icon aria-hidden="true" />
          Delete draft…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <Form method="post" className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Delete this draft?</DialogTitle>
            <DialogDescription>
              A draft has no number yet, so deleting it leaves no gap. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="updatedAt" value={updatedAt} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep it
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={busy}>
              Delete draft
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
