import { business } from '../../app/content/business.ts'
import { formatMoney } from '../../app/features/billing/money.ts'
import { formatCalendarDate } from '../../app/lib/business-time.ts'
import type { MailMessage } from '../mail/outbox.server.ts'

const signature = `\n\n${business.name}\n${business.phone} · ${business.email}`

/** A subscription's invoice, issued by the monthly run, with its PDF. */
export function subscriptionInvoiceMail(
  to: string,
  invoice: {
    number: string
    totalCents: number
    dueOn: string
    plan: string
    days: string
    clientName: string
    link: string
    pdf: { filename: string; content: Buffer }
  },
): MailMessage {
  return {
    to: [to],
    subject: `Invoice ${invoice.number} from ${business.name}`,
    text: `Hello ${invoice.clientName},

here is invoice ${invoice.number} for your ${invoice.plan} subscription, ${invoice.days}:
${formatMoney(invoice.totalCents)}, due ${formatCalendarDate(invoice.dueOn)}.

The invoice is attached as a PDF. See it and find how to pay at:

${invoice.link}

You will be asked to sign in to the client portal first. Questions? Reply to this message or call us
at ${business.phone}.${signature}`,
    replyTo: business.email,
    attachments: [
      {
        filename: invoice.pdf.filename,
        contentType: 'application/pdf',
        contentBase64: invoice.pdf.content.toString('base64'),
      },
    ],
  }
}
