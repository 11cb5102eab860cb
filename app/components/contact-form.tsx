import { useEffect, useRef, useState } from 'react'
import { ErrorSummary, FormField, fieldA11y, focusFirstInvalid } from '~/components/forms/form-field'
import { FormHandlerBanner } from '~/components/forms/form-handler-banner'
import { Honeypot } from '~/components/forms/honeypot'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Textarea } from '~/components/ui/textarea'
import { contactRequestSchema, type FieldErrors, fieldErrorsOf, HONEYPOT_FIELD, limits } from '~/lib/booking-schema'
import { errorToast, successToast } from '~/lib/form-feedback'
import { SubmitFormError, submitForm } from '~/lib/submit-form'
import { toast } from '~/lib/toast'
import { useFormHandlerAvailability } from '~/lib/use-form-handler'

type Values = { name: string; email: string; phone: string; message: string; honeypot: string }

const empty: Values = { name: '', email: '', phone: '', message: '', honeypot: '' }

const labels = { name: 'Name', email: 'E-mail', phone: 'Phone', message: 'Message' } as const
type Field = keyof typeof labels

/**
 * The home page's contact form: the booking form's little sibling. Same submit helper, endpoint,
 * availability check and toasts (worded for a message), formType "contact". The page it sits on
 * gives it its heading (pass that heading's id as `labelledBy`).
 */
export function ContactForm({ labelledBy }: { labelledBy?: string }) {
  const availability = useFormHandlerAvailability()
  const [values, setValues] = useState<Values>(empty)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const blocked = availability === 'unavailable'

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef.current)
  }, [attempt])

  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }))
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest)
  }
  const errorOf = (key: string) => errors[key]?.[0]

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting || blocked) return
    const payload = {
      formType: 'contact' as const,
      name: values.name,
      email: values.email,
      phone: values.phone,
      message: values.message,
      source: window.location.href,
      timestamp: new Date().toISOString(),
      [HONEYPOT_FIELD]: values.honeypot,
    }
    const parsed = contactRequestSchema.safeParse(payload)
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      setAttempt((n) => n + 1)
      return
    }
    setErrors({})
    setSubmitting(true)
    try {
      const outcome = await submitForm(payload)
      toast(successToast('contact', outcome))
      setValues(empty)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof SubmitFormError && error.fields) {
        setErrors(error.fields)
        setAttempt((n) => n + 1)
      }
      toast(errorToast('contact', message))
    } finally {
      setSubmitting(false)
    }
  }

  // In the order of the form, whatever order the checks found them in.
  const invalid = (Object.keys(labels) as Field[]).filter((key) => errors[key])

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : 'Contact us'}
      aria-busy={submitting}
      className="grid gap-5"
      data-availability={availability}
    >
      {blocked && <FormHandlerBanner />}
      <ErrorSummary count={invalid.length} labels={invalid.map((key) => labels[key])} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label={labels.name} required error={errorOf('name')}>
          <Input
            {...fieldA11y('contact-name', errorOf('name'))}
            name="name"
            autoComplete="name"
            required
            maxLength={limits.fullName}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </FormField>
        <FormField id="contact-email" label={labels.email} required error={errorOf('email')}>
          <Input
            {...fieldA11y('contact-email', errorOf('email'))}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={limits.email}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </FormField>
      </div>
      <FormField id="contact-phone" label={labels.phone} error={errorOf('phone')}>
        <Input
          {...fieldA11y('contact-phone', errorOf('phone'))}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={limits.phone}
          value={values.phone}
          onChange={(e) => set('phone', e.target.value)}
        />
      </FormField>
      <FormField id="contact-message" label={labels.message} required error={errorOf('message')}>
        <Textarea
          {...fieldA11y('contact-message', errorOf('message'))}
          name="message"
          required
          maxLength={limits.message}
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </FormField>
      <Honeypot id="contact-website" value={values.honeypot} onChange={(value) => set('honeypot', value)} />
      <div>
        <Button type="submit" size="lg" disabled={submitting || blocked}>
          {submitting ? 'Submitting...' : 'Send message'}
        </Button>
      </div>
    </form>
  )
}
