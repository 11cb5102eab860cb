import { useState } from 'react'
import { consultation } from '~/content/pricing'
import { fullName, serviceList } from '~/features/booking/choices'
import { HONEYPOT_FIELD, limits } from '~/features/booking/limits'
import { type BookingPrefill, planChoicesFor, serviceChoices } from '~/features/booking/prefill'
import { Button } from '~/ui/button'
import { Checkbox } from '~/ui/checkbox'
import { Choice, ErrorSummary, Field, FieldSet } from '~/ui/field'
import { Input } from '~/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/ui/select'
import { Textarea } from '~/ui/textarea'
import { FormHandlerBanner } from './form-handler-banner'
import { Honeypot } from './honeypot'
import { useFormSubmission } from './use-form-submission'

// zod and the schema load on the form's first focus (or at the latest on submit), after the page
// has become interactive, not with it.
const loadSchema = () => import('~/features/booking/schema').then((m) => m.consultationRequestSchema)

type Values = {
  firstName: string
  lastName: string
  email: string
  phone: string
  company: string
  employees: string
  services: string[]
  plan: string | undefined
  message: string
  honeypot: string
}

const labels = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  company: 'Company',
  employees: 'Number of users',
  services: 'Services',
  plan: 'Plan',
  message: 'Message',
} as const
type FieldName = keyof typeof labels

const NO_PLAN = 'none'

/** The fields a visitor types into (as opposed to the choices). */
export const textFields = ['firstName', 'lastName', 'email', 'phone', 'company', 'employees', 'message'] as const
type TypedField = (typeof textFields)[number]

function initialValues(prefill: BookingPrefill): Values {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    company: '',
    employees: '',
    services: prefill.services,
    plan: prefill.plan,
    message: '',
    honeypot: '',
  }
}

/** The JSON the form sends: the fields, plus name, service, formType, source, timestamp. */
function payloadOf(values: Values) {
  const employees = values.employees.trim()
  return {
    formType: 'consultation' as const,
    firstName: values.firstName,
    lastName: values.lastName,
    name: fullName(values.firstName, values.lastName),
    email: values.email,
    phone: values.phone,
    company: values.company,
    employees: employees === '' ? undefined : Number(employees),
    services: values.services,
    service: serviceList(values.services),
    plan: values.plan,
    message: values.message,
    source: window.location.href,
    timestamp: new Date().toISOString(),
    [HONEYPOT_FIELD]: values.honeypot,
  }
}

/**
 * The booking form: idle → submitting ("Submitting...", disabled) → a toast, and the
 * form resets except the chosen services and plan. Submit stays disabled when the availability
 * check failed.
 */
export function BookingForm({
  prefill,
  typed,
}: {
  prefill: BookingPrefill
  /**
   * Text typed into the fields before the form became interactive (on a page without the app's
   * JavaScript the form is an island, islands/booking-form.tsx): it stays in them.
   */
  typed?: Partial<Record<TypedField, string>>
}) {
  const [values, setValues] = useState<Values>(() => ({ ...initialValues(prefill), ...typed }))
  const form = useFormSubmission('consultation', loadSchema, () =>
    setValues((v) => ({ ...initialValues(prefill), services: v.services, plan: v.plan })),
  )
  const { errorOf, submitting, blocked } = form
  const serviceOptions = serviceChoices(prefill.residential)
  const planOptions = planChoicesFor(prefill.residential)

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    form.clearError(key)
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void form.submit(payloadOf(values))
  }

  // In the order of the form, whatever order the checks found them in.
  const invalid = form.invalid(Object.keys(labels) as FieldName[])

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={form.prepare}
      aria-labelledby="booking-form-title"
      aria-busy={submitting}
      className="grid gap-6"
      data-availability={form.availability}
    >
      {blocked && <FormHandlerBanner />}
      <p className="text-muted-foreground text-sm">
        Fields marked <span className="text-destructive">*</span> are required.
      </p>
      <ErrorSummary labels={invalid.map((key) => labels[key])} />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="booking-firstName" label={labels.firstName} required error={errorOf('firstName')}>
          <Input
            name="firstName"
            autoComplete="given-name"
            maxLength={limits.name}
            value={values.firstName}
            onChange={(e) => set('firstName', e.target.value)}
          />
        </Field>
        <Field id="booking-lastName" label={labels.lastName} required error={errorOf('lastName')}>
          <Input
            name="lastName"
            autoComplete="family-name"
            maxLength={limits.name}
            value={values.lastName}
            onChange={(e) => set('lastName', e.target.value)}
          />
        </Field>
        <Field id="booking-email" label={labels.email} required error={errorOf('email')}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            maxLength={limits.email}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </Field>
        <Field id="booking-phone" label={labels.phone} required error={errorOf('phone')}>
          <Input
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={limits.phone}
            value={values.phone}
            onChange={(e) => set('phone', e.target.value)}
          />
        </Field>
        <Field id="booking-company" label={labels.company} error={errorOf('company')} optional>
          <Input
            name="company"
            autoComplete="organization"
            maxLength={limits.company}
            value={values.company}
            onChange={(e) => set('company', e.target.value)}
          />
        </Field>
        <Field id="booking-employees" label={labels.employees} error={errorOf('employees')} optional>
          <Input
            name="employees"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.employees}
            onChange={(e) => set('employees', e.target.value)}
          />
        </Field>
      </div>

      <FieldSet id="booking-services" legend="Services you are interested in" optional error={errorOf('services')}>
        <div className="grid gap-3 sm:grid-cols-2">
          {serviceOptions.map((name) => (
            <Choice key={name} label={name} className="items-center">
              <Checkbox
                value={name}
                checked={values.services.includes(name)}
                onCheckedChange={(state) =>
                  set(
                    'services',
                    state === true
                      ? serviceOptions.filter((s) => s === name || values.services.includes(s))
                      : values.services.filter((s) => s !== name),
                  )
                }
              />
            </Choice>
          ))}
        </div>
      </FieldSet>

      <Field id="booking-plan" label={labels.plan} optional error={errorOf('plan')}>
        <Select value={values.plan ?? ''} onValueChange={(value) => set('plan', value === NO_PLAN ? undefined : value)}>
          <SelectTrigger>
            <SelectValue placeholder="No preference yet" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_PLAN}>No preference yet</SelectItem>
            {planOptions.map((plan) => (
              <SelectItem key={plan.key} value={plan.choiceLabel}>
                {plan.choiceLabel}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>

      <Field id="booking-message" label={labels.message} optional error={errorOf('message')}>
        <Textarea
          name="message"
          maxLength={limits.message}
          placeholder="What would you like to talk about?"
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </Field>

      <Honeypot id="booking-website" value={values.honeypot} onChange={(value) => set('honeypot', value)} />

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="xl" disabled={submitting || blocked}>
          {submitting ? 'Submitting...' : 'Book my free consultation'}
        </Button>
        <p className="text-muted-foreground text-sm">
          {consultation.price}, no obligation, {consultation.minutes.min}-{consultation.minutes.max} minutes.
        </p>
      </div>
    </form>
  )
}
