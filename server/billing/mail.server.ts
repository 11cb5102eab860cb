import { business } from '../../app/content/business.ts'
import { kindLabels } from '../../app/features/billing/labels.ts'
import { formatMoney } from '../../app/features/billing/money.ts'
import { formatCalendarDate } from '../../app/lib/business-time.ts'
import type { MailMessage } from '../mail/outbox.server.ts'

/** Every billing e-mail, as plain text: the words live here, the service only picks one. */

const signature = `\n\n${business.name}\n${business.phone} · ${business.email}`

type Sent = {
  kind: 'estimate' | 'invoice'
  number: string
  totalCents: number
  /** An invoice's due date or an estimate's expiry date. */
  until: string
  clientName: string
  link: string
}

export function documentSentMail(to: string, doc: Sent): MailMessage {
  const amount = formatMoney(doc.totalCents)
  const when = formatCalendarDate(doc.until)
  const body =
    doc.kind === 'invoice'
      ? `here is invoice ${doc.number} for ${amount}, due ${when}.

See it, download the PDF and find how to pay at:`
      : `here is estimate ${doc.number} for ${amount}. It is valid until ${when}.

Review it, download the PDF, and accept or decline it at:`
  return {
    to: [to],
    subject: `${kindLabels[doc.kind]} ${doc.number} from ${business.name}`,
    text: `Hello ${doc.clientName},

${body}

${doc.link}

You will be asked to sign in to the client portal first. Questions? Reply to this message or call us
at ${business.phone}.${signature}`,
    replyTo: business.email,
  }
}

export function estimateDecidedMail(
  to: string,
  doc: { number: string; decision: 'accepted' | 'declined'; reason: string | null; totalCents: number },
  client: { name: string; companyName: string | null; email: string },
  link: string,
): MailMessage {
  const who = client.companyName ? `${client.name} (${client.companyName})` : client.name
  return {
    to: [to],
    subject: `Estimate ${doc.number} ${doc.decision} by ${who}`,
    text: `${who} <${client.email}> ${doc.decision} estimate ${doc.number} (${formatMoney(doc.totalCents)}).${
      doc.decision === 'declined' ? `\n\nReason: ${doc.reason ?? '(none given)'}` : ''
    }

${doc.decision === 'accepted' ? 'Convert it into an invoice' : 'See it'} at ${link}`,
  }
}

export function receiptMail(
  to: string,
  receipt: {
    number: string
    invoiceNumber: string
    amountCents: number
    balanceAfterCents: number
    receivedOn: string
    clientName: string
    link: string
    pdf: { filename: string; content: Buffer }
  },
): MailMessage {
  const balance =
    receipt.balanceAfterCents === 0
      ? `Invoice ${receipt.invoiceNumber} is now paid in full.`
      : `The balance left on invoice ${receipt.invoiceNumber} is ${formatMoney(receipt.balanceAfterCents)}.`
  return {
    to: [to],
    subject: `Receipt ${receipt.number} for your payment to ${business.name}`,
    text: `Hello ${receipt.clientName},

thank you: we received your payment of ${formatMoney(receipt.amountCents)} on ${formatCalendarDate(receipt.receivedOn)}
for invoice ${receipt.invoiceNumber}. ${balance}

Your receipt ${receipt.number} is attached, and stays in the client portal at:

${receipt.link}${signature}`,
    replyTo: business.email,
    attachments: [
      {
        filename: receipt.pdf.filename,
        contentType: 'application/pdf',
        contentBase64: receipt.pdf.content.toString('base64'),
      },
    ],
  }
}

export function documentVoidedMail(
  to: string,
  doc: { kind: 'estimate' | 'invoice'; number: string; reason: string; clientName: string; link: string },
): MailMessage {
  const what = `${kindLabels[doc.kind].toLowerCase()} ${doc.number}`
  return {
    to: [to],
    subject: `${kindLabels[doc.kind]} ${doc.number} is void`,
    text: `Hello ${doc.clientName},

we have voided ${what}${doc.kind === 'invoice' ? ': you do not need to pay it' : ''}.

Reason: ${doc.reason}

It stays in the client portal for your records: ${doc.link}${signature}`,
    replyTo: business.email,
  }
}

export function overdueReminderMail(
  to: string,
  invoice: { number: string; dueOn: string; balanceCents: number; clientName: string; link: string },
): MailMessage {
  return {
    to: [to],
    subject: `Reminder: invoice ${invoice.number} is past due`,
    text: `Hello ${invoice.clientName},

a friendly reminder: invoice ${invoice.number} was due on ${formatCalendarDate(invoice.dueOn)}, and
${formatMoney(invoice.balanceCents)} is still open. If you have paid it already, thank you, and please
ignore this message.

See the invoice and how to pay at:

${invoice.link}${signature}`,
    replyTo: business.email,
  }
}
