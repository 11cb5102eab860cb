import { business } from '../../app/content/business.ts'
import { formatMoney } from '../../app/features/billing/money.ts'
import { formatCalendarDate } from '../../app/lib/business-time.ts'
import type { MailMessage } from '../mail/outbox.server.ts'

/** The e-mails of online payments, as plain text: the words live here, the service picks one. */

const signature = `\n\n${business.name}\n${business.phone} · ${business.email}`

type About = { invoiceNumber: string; amountCents: number; link: string }

/** To the client: a payment did not go through, why, and what happens next. */
export function paymentFailedMail(
  to: string,
  about: About & { reason: string; nextAttemptOn: string | null },
): MailMessage {
  const next = about.nextAttemptOn
    ? `We will try your saved payment method again on ${formatCalendarDate(about.nextAttemptOn)}. To pay now another way, open the invoice:`
    : 'The invoice is still open. Pay it another way, or update your payment method, at:'
  return {
    to: [to],
    subject: `Payment for invoice ${about.invoiceNumber} did not go through`,
    text: `Hello,

your payment of ${formatMoney(about.amountCents)} for invoice ${about.invoiceNumber} did not go through.

Why: ${about.reason}

${next}

${about.link}${signature}`,
    replyTo: business.email,
  }
}

/** To the business inbox: an online payment failed (staff see it in the failing payments list). */
export function paymentFailedStaffMail(
  to: string,
  about: About & { reason: string; clientName: string; attempt: number; autopay: boolean },
): MailMessage {
  return {
    to: [to],
    subject: `Online payment failed: invoice ${about.invoiceNumber} (${about.clientName})`,
    text: `${about.autopay ? `Autopay charge, attempt ${about.attempt}` : 'Online payment'} of ${formatMoney(about.amountCents)} for invoice ${about.invoiceNumber} (${about.clientName}) failed.

Reason: ${about.reason}

${about.link}`,
  }
}

/** To the client: an autopay charge is being tried (each attempt is told). */
export function autopayAttemptMail(to: string, about: About & { attempt: number; methodLabel: string }): MailMessage {
  return {
    to: [to],
    subject: `Autopay: charging ${formatMoney(about.amountCents)} for invoice ${about.invoiceNumber}`,
    text: `Hello,

as you asked, we are charging ${formatMoney(about.amountCents)} for invoice ${about.invoiceNumber} to your ${about.methodLabel}${
      about.attempt > 1 ? ` (attempt ${about.attempt})` : ''
    }. Your receipt follows when the payment is through.

${about.link}${signature}`,
    replyTo: business.email,
  }
}

/** To the client: a bank payment started and counts against the invoice until it settles. */
export function paymentPendingMail(to: string, about: About): MailMessage {
  return {
    to: [to],
    subject: `Bank payment for invoice ${about.invoiceNumber} is on its way`,
    text: `Hello,

your bank payment of ${formatMoney(about.amountCents)} for invoice ${about.invoiceNumber} has started. Bank transfers take
up to 4 business days to settle; until then the invoice shows "payment pending" and no reminder is sent.
Your receipt follows when it settles.

${about.link}${signature}`,
    replyTo: business.email,
  }
}

/** To the client: money given back. */
export function refundMail(
  to: string,
  about: About & { refundCents: number; reason: string | null; balanceCents: number; reopened: boolean },
): MailMessage {
  return {
    to: [to],
    subject: `Refund of ${formatMoney(about.refundCents)} for invoice ${about.invoiceNumber}`,
    text: `Hello,

we have refunded ${formatMoney(about.refundCents)} of your ${formatMoney(about.amountCents)} online payment for invoice ${about.invoiceNumber}.${
      about.reason ? `\n\nReason: ${about.reason}` : ''
    }

The money reaches your card or bank account in 5 to 10 business days.${
      about.reopened ? `\n\nThe invoice is open again: ${formatMoney(about.balanceCents)} is now due on it.` : ''
    }

${about.link}${signature}`,
    replyTo: business.email,
  }
}
