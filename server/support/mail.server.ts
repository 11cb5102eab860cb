import { and, asc, eq, isNotNull, ne } from 'drizzle-orm'
import { business } from '../../app/content/business.ts'
import { replyAboveLine, ticketNumberText } from '../../app/features/support/catalogue.ts'
import {
  type SupportTicket,
  type SupportTicketMessage,
  supportTicketMessages,
  supportTicketParticipants,
  user,
} from '../db/schema/index.server.ts'
import type { MailMessage, Outbox } from '../mail/outbox.server.ts'
import type { CheckedAttachment } from './attachments.server.ts'
import type { SupportMailSettings, Tx } from './tickets.server.ts'

/**
 * The e-mail of a staff member's public reply (docs/support.md#e-mail): to the requester and the
 * people copied, from and answerable at the ticket's own address (support+<token>@…), with a
 * Message-ID stored on the reply, In-Reply-To and References from the thread, and [#T-000123] in
 * the subject. Internal notes are never e-mailed: only a public staff message gets here.
 */

/** support@example.com + token → support+token@example.com. */
export function replyAddress(address: string, token: string): string {
  const at = address.lastIndexOf('@')
  return `${address.slice(0, at)}+${token}${address.slice(at)}`
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1)
}

/** The Message-ID a reply of ours is sent and stored with. */
export function outgoingMessageId(messageId: string, address: string): string {
  return `<ticket-${messageId}@${domainOf(address)}>`
}

export function ticketMailSubject(ticket: Pick<SupportTicket, 'number' | 'subject'>): string {
  return `[#${ticketNumberText(ticket.number)}] ${ticket.subject}`
}

/** Who gets the ticket's replies: the requester and the people copied, without the one writing. */
async function recipientsOf(tx: Tx, ticket: SupportTicket, exceptUserId: string | null): Promise<string[]> {
  const emails = new Set<string>()
  if (ticket.requesterUserId && ticket.requesterUserId !== exceptUserId) {
    const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, ticket.requesterUserId))
    if (row) emails.add(row.email.toLowerCase())
  }
  const copied = await tx
    .select({ email: user.email, userId: user.id })
    .from(supportTicketParticipants)
    .innerJoin(user, eq(user.id, supportTicketParticipants.userId))
    .where(eq(supportTicketParticipants.ticketId, ticket.id))
  for (const row of copied) if (row.userId !== exceptUserId) emails.add(row.email.toLowerCase())
  return [...emails]
}

export function staffReplyMail(input: {
  ticket: SupportTicket
  message: SupportTicketMessage
  settings: SupportMailSettings
  to: string[]
  files: readonly Pick<CheckedAttachment, 'fileName'>[]
  thread: string[]
  authorName: string
}): MailMessage {
  const { ticket, message, settings } = input
  const address = replyAddress(settings.address, ticket.replyToken)
  const link = `${settings.publicUrl}/support/${ticket.id}`
  const filesLine =
    input.files.length > 0
      ? `\n\nFiles attached to this reply (on the ticket's page): ${input.files.map((f) => f.fileName).join(', ')}`
      : ''
  const text = [
    replyAboveLine,
    '',
    message.body,
    filesLine ? filesLine.trimStart() : null,
    '',
    `${input.authorName}, ${business.name}`,
    '',
    `Ticket ${ticketNumberText(ticket.number)}: ${link}`,
    'Answer this e-mail to reply; your answer is added to the ticket.',
  ]
    .filter((line) => line !== null)
    .join('\n')
  const messageId = outgoingMessageId(message.id, settings.address)
  const references = input.thread.slice(-20)
  return {
    to: input.to,
    subject: ticketMailSubject(ticket),
    text,
    replyTo: address,
    thread: {
      from: address,
      messageId,
      ...(references.length > 0 ? { inReplyTo: references.at(-1), references } : {}),
    },
  }
}

/**
 * Enqueues the reply's e-mail in the reply's transaction and stores its Message-ID on the message.
 * Null when nobody is to get it (a ticket staff opened for nobody in particular).
 */
export async function enqueueStaffReplyMail(
  tx: Tx,
  deps: { outbox: Outbox; settings: SupportMailSettings },
  ticket: SupportTicket,
  message: SupportTicketMessage,
  files: readonly Pick<CheckedAttachment, 'fileName'>[],
): Promise<string | null> {
  if (message.visibility !== 'public' || message.authorKind !== 'staff') return null
  const to = await recipientsOf(tx, ticket, message.authorUserId)
  if (to.length === 0) return null
  const earlier = await tx
    .select({ emailMessageId: supportTicketMessages.emailMessageId })
    .from(supportTicketMessages)
    .where(
      and(
        eq(supportTicketMessages.ticketId, ticket.id),
        eq(supportTicketMessages.visibility, 'public'),
        isNotNull(supportTicketMessages.emailMessageId),
        ne(supportTicketMessages.id, message.id),
      ),
    )
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id))
  const [author] = message.authorUserId
    ? await tx.select({ name: user.name }).from(user).where(eq(user.id, message.authorUserId))
    : []
  const mail = staffReplyMail({
    ticket,
    message,
    settings: deps.settings,
    to,
    files,
    thread: earlier.flatMap((row) => (row.emailMessageId ? [row.emailMessageId] : [])),
    authorName: author?.name ?? 'Support',
  })
  await tx
    .update(supportTicketMessages)
    .set({ emailMessageId: mail.thread?.messageId ?? null })
    .where(eq(supportTicketMessages.id, message.id))
  return deps.outbox.enqueue(mail, tx)
}
