import { describe, expect, it } from 'vitest'
import { configurationErrorToast, errorToast, successToast } from './feedback'
import type { SubmitOutcome } from './submit'

const outcome = (over: Partial<SubmitOutcome> = {}): SubmitOutcome => ({
  message: 'Confirmation sent to pat@example.com.',
  sent: true,
  warning: undefined,
  recipient: 'pat@example.com',
  subject: 'Your request',
  ...over,
})

describe('booking toasts', () => {
  it('success, success with a warning, and recorded when the e-mail was not sent', () => {
    expect(successToast('consultation', outcome())).toEqual({
      title: 'Consultation request sent!',
      description: "We'll contact you shortly to confirm your appointment.",
      variant: 'success',
    })
    expect(
      successToast('consultation', outcome({ sent: undefined, message: 'Form submitted successfully' })).title,
    ).toBe('Consultation request sent!')
    expect(successToast('consultation', outcome({ warning: 'Received twice' }))).toEqual({
      title: 'Consultation request sent, but with warning',
      description: 'Received twice',
      variant: 'default',
    })
    expect(successToast('consultation', outcome({ sent: false })).title).toBe('Consultation request recorded')
    expect(successToast('consultation', outcome({ sent: false, warning: 'x' })).title).toBe(
      'Consultation request recorded',
    )
  })

  it('errors by message content, in the spec order, all destructive', () => {
    const handler = {
      title: 'Supabase Function Error',
      description: 'The form handler is not available. This is a configuration issue for the site administrator.',
      variant: 'destructive',
    }
    expect(errorToast('consultation', 'The form handler was not found (HTTP 404).')).toEqual(handler)
    expect(errorToast('consultation', 'HTTP 404')).toEqual(handler)
    expect(errorToast('consultation', 'Function Not Found')).toEqual(handler)
    expect(errorToast('consultation', 'Request timeout: no answer')).toEqual({
      title: 'Request Timeout',
      description: 'Request timed out after 15 seconds',
      variant: 'destructive',
    })
    expect(errorToast('consultation', 'Missing environment variable SMTP_URL')).toEqual({
      title: 'Server Configuration Error',
      description: 'Missing environment variable SMTP_URL',
      variant: 'destructive',
    })
    expect(errorToast('consultation', 'Mailbox full')).toEqual({
      title: 'Error',
      description: 'There was a problem booking your consultation: Mailbox full',
      variant: 'destructive',
    })
    // 404 wins over timeout, timeout over environment variable.
    expect(errorToast('consultation', 'timeout then 404').title).toBe('Supabase Function Error')
    expect(errorToast('consultation', 'environment variable timeout').title).toBe('Request Timeout')
  })

  it('words the contact form toasts for a message', () => {
    expect(successToast('contact', outcome()).title).toBe('Message sent!')
    expect(successToast('contact', outcome({ warning: 'w' })).title).toBe('Message sent, but with warning')
    expect(successToast('contact', outcome({ sent: false })).title).toBe('Message recorded')
    expect(errorToast('contact', 'Mailbox full').description).toBe(
      'There was a problem sending your message: Mailbox full',
    )
    expect(errorToast('contact', 'HTTP 404').title).toBe('Supabase Function Error')
  })

  it('has a destructive Configuration Error toast for a failed availability check', () => {
    expect(configurationErrorToast).toMatchObject({ title: 'Configuration Error', variant: 'destructive' })
  })
})
