import { Form, useNavigation } from 'react-router'
import type { ActionResult } from '~/lib/forms/result'
import { Button } from '~/ui/button'
import { Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { planOf, subscriptionPlanKeys } from './plans'

type Result = (ActionResult & { intent?: string }) | undefined

const errorsOf = (result: Result, intent: string) =>
  result && !result.ok && result.intent === intent ? (result.fieldErrors ?? {}) : {}
const valuesOf = (result: Result, intent: string) =>
  result && !result.ok && result.intent === intent ? (result.values ?? {}) : {}

/** Staff's form that starts a subscription: organisation, plan, users or price, start date, billing day. */
export function NewSubscriptionForm({
  organisations,
  result,
  today,
}: {
  organisations: { id: string; name: string }[]
  result: Result
  today: string
}) {
  const errors = errorsOf(result, 'create')
  const values = valuesOf(result, 'create')
  const busy = useNavigation().state === 'submitting'
  return (
    <Form method="post" className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm" aria-labelledby="new-title">
      <h2 id="new-title" className="font-semibold text-xl">
        Start a subscription
      </h2>
      {result && !result.ok && result.intent === 'create' && <FormMessage tone="error">{result.message}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Organisation" required error={errors.organisationId}>
          <NativeSelect name="organisationId" defaultValue={values.organisationId ?? ''} required>
            <option value="">Choose…</option>
            {organisations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Plan" required error={errors.plan}>
          <NativeSelect name="plan" defaultValue={values.plan ?? 'basic'} required>
            {subscriptionPlanKeys.map((key) => (
              <option key={key} value={key}>
                {planOf(key).choiceLabel}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Users" hint="Basic Support and Full Help Desk: users billed each month." error={errors.seats}>
          <Input name="seats" inputMode="numeric" defaultValue={values.seats ?? ''} />
        </Field>
        <Field
          label="Monthly price"
          hint="Residential Subscription: $29 to $99. Custom Solutions: the agreed price."
          error={errors.price}
        >
          <Input name="price" inputMode="decimal" defaultValue={values.price ?? ''} />
        </Field>
        <Field label="Start date" required error={errors.startOn}>
          <Input name="startOn" type="date" defaultValue={values.startOn ?? today} required />
        </Field>
        <Field
          label="Billing day"
          required
          hint="1 to 28: the day of the month each invoice is issued."
          error={errors.billingDay}
        >
          <Input name="billingDay" inputMode="numeric" defaultValue={values.billingDay ?? '1'} required />
        </Field>
      </div>
      <div>
        <Button type="submit" name="intent" value="create" disabled={busy}>
          Start subscription
        </Button>
      </div>
    </Form>
  )
}

/** Staff's actions on one subscription: users, pause or resume, cancel at the period's end or now. */
export function SubscriptionActions({
  subscription,
  result,
}: {
  subscription: { status: string; perSeat: boolean; seats: number | null; version: number }
  result: Result
}) {
  const busy = useNavigation().state === 'submitting'
  const seatErrors = errorsOf(result, 'seats')
  const cancelErrors = errorsOf(result, 'cancel')
  const version = <input type="hidden" name="version" value={subscription.version} />
  if (subscription.status === 'cancelled') return null
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {subscription.perSeat && (
        <Form
          method="post"
          className="grid gap-3 rounded-xl border bg-card p-6 shadow-sm"
          aria-labelledby="seats-title"
        >
          <h2 id="seats-title" className="font-semibold text-lg">
            Change users
          </h2>
          {version}
          <Field
            label="Users"
            required
            hint="More users count from today, prorated on the next invoice; fewer count from the next period."
            error={seatErrors.seats}
          >
            <Input name="seats" inputMode="numeric" defaultValue={String(subscription.seats ?? 1)} required />
          </Field>
          <div>
            <Button type="submit" name="intent" value="seats" disabled={busy}>
              Save users
            </Button>
          </div>
        </Form>
      )}
      <Form method="post" className="grid gap-3 rounded-xl border bg-card p-6 shadow-sm" aria-labelledby="pause-title">
        <h2 id="pause-title" className="font-semibold text-lg">
          {subscription.status === 'paused' ? 'Resume billing' : 'Pause billing'}
        </h2>
        {version}
        <p className="text-muted-foreground text-sm">
          {subscription.status === 'paused'
            ? 'Billing starts again today, prorated to the end of the period (or from the next period when this one was already invoiced).'
            : 'No invoice is issued while paused.'}
        </p>
        <div>
          <Button
            type="submit"
            name="intent"
            value={subscription.status === 'paused' ? 'resume' : 'pause'}
            variant="outline"
            disabled={busy}
          >
            {subscription.status === 'paused' ? 'Resume' : 'Pause'}
          </Button>
        </div>
      </Form>
      <Form method="post" className="grid gap-3 rounded-xl border bg-card p-6 shadow-sm" aria-labelledby="cancel-title">
        <h2 id="cancel-title" className="font-semibold text-lg">
          Cancel
        </h2>
        {version}
        <FieldSet legend="When it ends" required error={cancelErrors.when}>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name="when" value="period_end" defaultChecked className="size-4" />
            At the end of the current period (its invoice stands)
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name="when" value="now" className="size-4" />
            Now, crediting the unused days of the invoiced period
          </label>
        </FieldSet>
        <div>
          <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={busy}>
            Cancel subscription
          </Button>
        </div>
      </Form>
    </div>
  )
}
