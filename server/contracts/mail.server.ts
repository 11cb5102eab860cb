import { business } from '../../app/content/business.ts'
import { formatCalendarDate } from '../../app/lib/business-time.ts'
import type { MailMessage } from '../mail/outbox.server.ts'

/** Every contract e-mail, as plain text: the words live here, the service only picks one. */

const signature = `\n\n${business.name}\n${business.phone} · ${business.email}`

type Pdf = { filename: string; content: Buffer; sha256: string }

const attach = (pdf: Pdf) => [
  { filename: pdf.filename, contentType: 'application/pdf' as const, contentBase64: pdf.content.toString('base64') },
]

export function contractSentMail(
  to: string,
  contract: { number: string; title: string; expiresOn: string; clientName: string; link: string },
): MailMessage {
  return {
    to: [to],
    subject: `Please review and sign: ${contract.title} ${contract.number}`,
    text: `Hello ${contract.clientName},

${business.name} has sent you the ${contract.title} (${contract.number}) to review and sign
electronically. It can be signed until ${formatCalendarDate(contract.expiresOn)}.

Read it, and sign or decline it, at:

${contract.link}

You will be asked to sign in to the client portal first. Questions about the terms? Reply to this
message or call us at ${business.phone} before you sign.${signature}`,
    replyTo: business.email,
  }
}

export function contractSignedMail(
  to: string,
  audience: 'client' | 'staff',
  contract: { number: string; title: string; signerName: string; clientName: string; link: string; pdf: Pdf },
): MailMessage {
  const text =
    audience === 'client'
      ? `Hello ${contract.clientName},

thank you: you signed the ${contract.title} (${contract.number}). The signed PDF is attached for your
records; its last page is the certificate of the signature. We countersign it next and send you the
final copy.

It stays in the client portal at:

${contract.link}${signature}`
      : `${contract.signerName} signed ${contract.title} ${contract.number}. The signed PDF is attached.

Countersign it at ${contract.link}`
  return {
    to: [to],
    subject: `Signed: ${contract.title} ${contract.number}`,
    text,
    replyTo: audience === 'client' ? business.email : undefined,
    attachments: attach(contract.pdf),
  }
}

export function contractCountersignedMail(
  to: string,
  audience: 'client' | 'staff',
  contract: { number: string; title: string; clientName: string; link: string; pdf: Pdf },
): MailMessage {
  const text =
    audience === 'client'
      ? `Hello ${contract.clientName},

${business.name} has countersigned the ${contract.title} (${contract.number}): it is now signed by
both of us. The final PDF is attached, with the certificate of both signatures on its last page.
Please keep it with your records.

It stays in the client portal at:

${contract.link}${signature}`
      : `${contract.title} ${contract.number} is countersigned and complete. The final PDF is attached
(file SHA-256 ${contract.pdf.sha256}).

${contract.link}`
  return {
    to: [to],
    subject: `Fully signed: ${contract.title} ${contract.number}`,
    text,
    replyTo: audience === 'client' ? business.email : undefined,
    attachments: attach(contract.pdf),
  }
}

export function contractDeclinedMail(
  to: string,
  contract: { number: string; title: string; who: string; email: string; reason: string; link: string },
): MailMessage {
  return {
    to: [to],
    subject: `Declined: ${contract.title} ${contract.number} by ${contract.who}`,
    text: `${contract.who} <${contract.email}> declined ${contract.title} ${contract.number}.

Reason: ${contract.reason}

${contract.link}`,
  }
}

export function contractWithdrawnMail(
  to: string,
  contract: { number: string; title: string; clientName: string; reason: string; link: string },
): MailMessage {
  return {
    to: [to],
    subject: `Withdrawn: ${contract.title} ${contract.number}`,
    text: `Hello ${contract.clientName},

we have withdrawn the ${contract.title} (${contract.number}) we sent you; it can no longer be signed,
and you do not need to do anything.

Reason: ${contract.reason}

It stays in the client portal for your records: ${contract.link}${signature}`,
    replyTo: business.email,
  }
}
