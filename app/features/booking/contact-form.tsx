import { useState } from 'react'
import { FormHandlerBanner } from '~/features/booking/form-handler-banner'
import { Honeypot } from '~/features/booking/honeypot'
import { HONEYPOT_FIELD, limits } from '~/features/booking/limits'
import { useFormSubmission } from '~/features/booking/use-form-submission'
import { Button } from '~/ui/button'
import { ErrorSummary, Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { Textarea } from '~/ui/textarea'

// zod and the schema load on the form's first focus (or at the latest on submit), not with the page.
const loadSchema = () => import('~/features/booking/schema').then((m) => m.contactRequestSchema)

type Values = { name: string; email: string; phone: string; message: string; honeypot: string }

const empty: Values = { name: '', email: '', phone: '', message: '', honeypot: '' }

const labels = { name: 'Name', email: 'E-mail', phone: 'Phone', message: 'Message' } as const
type FieldName = keyof typeof labels

/**
 * The home page's contact form: the booking form's little sibling. Same submit helper, endpoint,
 * availability check and toasts (worded for a message), formType "contact". The page it sits on
 * gives it its heading (pass that heading's id as `labelledBy`).
 */
export type ContactFormProps = {
  labelledBy?: string
  /**
   * What the fields hold when the form starts: on a page without the app's JavaScript the form
   * becomes interactive when first used (islands/contact-form.tsx), and keeps what was typed before.
   */
  initialValues?: Partial<Values>
}

export function ContactForm({ labelledBy, initialValues }: ContactFormProps) {
  const [values, setValues] = useState<Values>(() => ({ ...empty, ...initialValues }))
  const form = useFormSubmission('contact', loadSchema, () => setValues(empty))
  const { errorOf, submitting, blocked } = form

  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }))
    form.clearError(key)
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void form.submit({
      formType: 'contact',
      name: values.name,
      email: values.email,
      phone: values.phone,
      message: values.message,
      source: window.location.href,
      timestamp: new Date().toISOString(),
      [HONEYPOT_FIELD]: values.honeypot,
    })
  }

  const invalid = form.invalid(Object.keys(labels) as FieldName[])

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={form.prepare}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : 'Contact us'}
      aria-busy={submitting}
      className="grid gap-5"
      data-availability={form.availability}
    >
      {blocked && <FormHandlerBanner />}
      <ErrorSummary labels={invalid.map((key) => labels[key])} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label={labels.name} required error={errorOf('name')}>
          <Input
            name="name"
            autoComplete="name"
            maxLength={limits.fullName}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </Field>
        <Field id="contact-email" label={labels.email} required error={errorOf('email')}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            maxLength={limits.email}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </Field>
      </div>
      <Field id="contact-phone" label={labels.phone} error={errorOf('phone')} optional>
        <Input
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={limits.phone}
          value={values.phone}
          onChange={(e) => set('phone', e.target.value)}
        />
      </Field>
      <Field id="contact-message" label={labels.message} required error={errorOf('message')}>
        <Textarea
          name="message"
          maxLength={limits.message}
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </Field>
      <Honeypot id="contact-website" value={values.honeypot} onChange={(value) => set('honeypot', value)} />
      <div>
        <Button type="submit" size="lg" disabled={submitting || blocked}>
          {submitting ? 'Submitting...' : 'Send message'}
        </Button>
      </div>
    </form>
  )
}
