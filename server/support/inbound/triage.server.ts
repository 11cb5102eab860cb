import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { ticketNumberFrom, ticketNumberText } from '../../../app/features/support/catalogue.ts'
import { type InboundMailState, waitingForStaff } from '../../../app/features/support/inbound-mail.ts'
import { DomainError } from '../../../app/lib/domain-error.ts'
import { isUuid } from '../../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../../audit/audit.server.ts'
import type { Db } from '../../db/client.server.ts'
import { organisations, supportInboundMessages, supportTickets } from '../../db/schema/index.server.ts'
import { addReply, openTicket, type SupportDeps } from '../tickets.server.ts'
import { parseInbound } from './parse.server.ts'
import { acceptedAttachments, emailAuthor, threadBody, ticketSubject } from './process.server.ts'

/**
 * The staff's triage of incoming support mail (/employee/tickets/triage, docs/support.md#e-mail):
 * messages from people we do not know, and those held because the sender failed the receiving
 * server's checks. Staff open a ticket for an organisation, add the message to a ticket, or discard
 * it; each is audited. Never shown to clients.
 */

export const triagePageSize = 25

export type TriageItem = {
  id: string
  receivedAt: Date
  state: InboundMailState
  reason: string | null
  fromAddress: string | null
  fromName: string | null
  subject: string | null
  preview: string | null
  senderCheck: string | null
  ticketId: string | null
  ticketNumber: number | null
}

export async function listTriage(
  db: Db,
  { state, page }: { state?: (typeof waitingForStaff)[number] | undefined; page: number },
): Promise<{ items: TriageItem[]; total: number; page: number; pageCount: number }> {
  const where = inArray(supportInboundMessages.state, state ? [state] : [...waitingForStaff])
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(supportInboundMessages).where(where)
  const total = count?.n ?? 0
  const pageCount = Math.max(1, Math.ceil(total / triagePageSize))
  const current = Math.min(page, pageCount)
  const items = await db
    .select({
      id: supportInboundMessages.id,
      receivedAt: supportInboundMessages.receivedAt,
      state: supportInboundMessages.state,
      reason: supportInboundMessages.reason,
      fromAddress: supportInboundMessages.fromAddress,
      fromName: supportInboundMessages.fromName,
      subject: supportInboundMessages.subject,
      preview: supportInboundMessages.preview,
      senderCheck: supportInboundMessages.senderCheck,
      ticketId: supportInboundMessages.ticketId,
      ticketNumber: supportTickets.number,
    })
    .from(supportInboundMessages)
    .leftJoin(supportTickets, eq(supportTickets.id, supportInboundMessages.ticketId))
    .where(where)
    .orderBy(desc(supportInboundMessages.receivedAt), asc(supportInboundMessages.id))
    .limit(triagePageSize)
    .offset((current - 1) * triagePageSize)
  return { items, total, page: current, pageCount }
}

/** How many messages wait for staff (the back office's count). */
/** The messages waiting for staff, as a query (the back office's navigation reads it with its other counts). */
export function triageCountQuery(db: Db) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportInboundMessages)
    .where(inArray(supportInboundMessages.state, [...waitingForStaff]))
}

/** The organisations staff choose from, by name. */
export async function organisationChoices(db: Db): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .orderBy(sql`lower(${organisations.name})`)
    .limit(2000)
}

const gone = () => new DomainError('not_found', 'This message is not waiting for triage (any more).')

async function waitingMessage(db: Db, id: string) {
  if (!isUuid(id)) throw gone()
  const [row] = await db.select().from(supportInboundMessages).where(eq(supportInboundMessages.id, id))
  if (!row) throw gone()
  if (!(waitingForStaff as readonly string[]).includes(row.state)) {
    throw new DomainError('conflict', 'Someone already dealt with this message. Reload the page to see the list now.')
  }
  return row
}

/** Writes the staff's decision and its audit entry, in one transaction, if nobody decided first. */
async function decideMessage(
  db: Db,
  actor: AuditActor,
  row: { id: string; fromAddress: string | null; subject: string | null },
  decision: {
    state: InboundMailState
    reason: string
    ticketId: string | null
    action: 'support_mail.open' | 'support_mail.attach' | 'support_mail.discard'
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(supportInboundMessages)
      .set({
        state: decision.state,
        reason: decision.reason,
        ticketId: decision.ticketId,
        decidedBy: actor.email,
        processedAt: sql`now()`,
      })
      .where(and(eq(supportInboundMessages.id, row.id), inArray(supportInboundMessages.state, [...waitingForStaff])))
      .returning({ id: supportInboundMessages.id })
    if (updated.length === 0) {
      throw new DomainError('conflict', 'Someone already dealt with this message. Reload the page to see the list now.')
    }
    await recordAudit(tx, actor, {
      action: decision.action,
      subjectId: row.id,
      details: { from: row.fromAddress, subject: row.subject, ticketId: decision.ticketId },
    })
  })
}

/** Opens a ticket for an organisation from a message in triage; the message is its first, by its sender. */
export async function openTicketFromMail(
  deps: SupportDeps,
  actor: AuditActor,
  input: { messageId: string; organisationId: string },
): Promise<{ ticketId: string; number: number }> {
  const row = await waitingMessage(deps.db, input.messageId)
  if (!isUuid(input.organisationId)) {
    throw new DomainError('invalid', 'Choose the organisation the ticket is for.', {
      fields: { organisationId: ['Choose the organisation the ticket is for.'] },
    })
  }
  const mail = await parseInbound(row.raw)
  const { attachments, notes } = await acceptedAttachments(mail.attachments)
  const ticket = await openTicket(
    deps,
    { kind: 'email_unknown', email: mail.fromAddress ?? 'unknown@invalid' },
    {
      organisationId: input.organisationId,
      subject: ticketSubject(mail),
      body: threadBody(mail, notes, attachments.length),
      category: 'managed_it',
      priority: 'normal',
      source: 'email',
      emailMessageId: row.messageId,
      attachments,
    },
  )
  await decideMessage(deps.db, actor, row, {
    state: 'processed',
    reason: `Staff opened ${ticketNumberText(ticket.number)} from it`,
    ticketId: ticket.id,
    action: 'support_mail.open',
  })
  return { ticketId: ticket.id, number: ticket.number }
}

/** Adds a message in triage (or held) to a ticket named by its number (T-000123 or 123). */
export async function attachMailToTicket(
  deps: SupportDeps,
  actor: AuditActor,
  input: { messageId: string; ticket: string },
): Promise<{ ticketId: string; number: number }> {
  const row = await waitingMessage(deps.db, input.messageId)
  const number = ticketNumberFrom(input.ticket)
  const [target] =
    number === null
      ? []
      : await deps.db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.number, number))
  if (!target) {
    throw new DomainError('invalid', 'There is no ticket with this number.', {
      fields: { ticket: ['Give the number of an existing ticket, like T-000123.'] },
    })
  }
  const mail = await parseInbound(row.raw)
  const { attachments, notes } = await acceptedAttachments(mail.attachments)
  const outcome = await addReply(deps, {
    ticketId: target.id,
    author: await emailAuthor(deps.db, mail.fromAddress, target.id),
    body: threadBody(mail, notes, attachments.length),
    visibility: 'public',
    source: 'email',
    emailMessageId: row.messageId,
    attachments,
  })
  await decideMessage(deps.db, actor, row, {
    state: 'processed',
    reason: `Staff added it to ${ticketNumberText(outcome.ticket.number)}`,
    ticketId: outcome.ticket.id,
    action: 'support_mail.attach',
  })
  return { ticketId: outcome.ticket.id, number: outcome.ticket.number }
}

/** Throws a message in triage away (it stays stored, as discarded, for the record). */
export async function discardMail(deps: SupportDeps, actor: AuditActor, input: { messageId: string }): Promise<void> {
  const row = await waitingMessage(deps.db, input.messageId)
  await decideMessage(deps.db, actor, row, {
    state: 'discarded',
    reason: 'Discarded by staff',
    ticketId: null,
    action: 'support_mail.discard',
  })
}
