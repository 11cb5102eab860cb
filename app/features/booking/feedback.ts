import { business } from '~/content/business'
import type { ToastOptions } from '../../lib/toast'
import type { SubmitOutcome } from './submit'

/**
 * Which toast a form shows for an outcome or an error. The booking form uses the spec's
 * texts word for word; the home contact form says the same about a message instead of a booking.
 */
export type FormKind = 'consultation' | 'contact'

const texts = {
  consultation: {
    sent: 'Consultation request sent!',
    sentDescription: "We'll contact you shortly to confirm your appointment.",
    warning: 'Consultation request sent, but with warning',
    recorded: 'Consultation request recorded',
    recordedDescription:
      'We have your request and will contact you shortly; our confirmation e-mail may take a little longer.',
    problem: 'There was a problem booking your consultation',
  },
  contact: {
    sent: 'Message sent!',
    sentDescription: "Thanks for reaching out. We'll get back to you shortly.",
    warning: 'Message sent, but with warning',
    recorded: 'Message recorded',
    recordedDescription:
      'We have your message and will get back to you shortly; our confirmation e-mail may take a little longer.',
    problem: 'There was a problem sending your message',
  },
} as const

export const handlerUnavailable = {
  title: 'Supabase Function Error',
  description: 'The form handler is not available. This is a configuration issue for the site administrator.',
} as const

export const TIMEOUT_DESCRIPTION = 'Request timed out after 15 seconds'

export function successToast(kind: FormKind, outcome: SubmitOutcome): ToastOptions {
  const t = texts[kind]
  if (outcome.sent === false) {
    return { title: t.recorded, description: t.recordedDescription, variant: 'default' }
  }
  if (outcome.warning) {
    return { title: t.warning, description: outcome.warning, variant: 'default' }
  }
  return { title: t.sent, description: t.sentDescription, variant: 'success' }
}

/** The error toasts chosen by what the message contains, checked in this order. */
export function errorToast(kind: FormKind, message: string): ToastOptions {
  if (/404|not found/i.test(message)) {
    return { ...handlerUnavailable, variant: 'destructive' }
  }
  if (/timeout/i.test(message)) {
    return { title: 'Request Timeout', description: TIMEOUT_DESCRIPTION, variant: 'destructive' }
  }
  if (/environment variable/i.test(message)) {
    return { title: 'Server Configuration Error', description: message, variant: 'destructive' }
  }
  return { title: 'Error', description: `${texts[kind].problem}: ${message}`, variant: 'destructive' }
}

/** The availability check failed: the form cannot send anything. */
export const configurationErrorToast: ToastOptions = {
  title: 'Configuration Error',
  description: `This form cannot send requests right now. Please ${reachUs()}.`,
  variant: 'destructive',
}

function reachUs() {
  return `call us at ${business.phone} or e-mail ${business.email}`
}
