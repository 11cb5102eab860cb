import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { ticketLimits, ticketNumberText } from '../../../app/features/support/catalogue.ts'
import type { InboundMailState } from '../../../app/features/support/inbound-mail.ts'
import { DomainError } from '../../../app/lib/domain-error.ts'
import type { Db } from '../../db/client.server.ts'
import { supportInboundMessages, supportTicketMessages, supportTickets } from '../../db/schema/index.server.ts'
import type { Logger } from '../../log.server.ts'
import { displayName, type IncomingAttachment, sniffedType } from '../attachments.server.ts'
import {
  addReply,
  type ClientViewer,
  clientViewerForEmail,
  openTicket,
  type ReplyAuthor,
  type SupportDeps,
  visibleTicket,
} from '../tickets.server.ts'
import { type ParsedInbound, parseInbound, replyTokensOf, subjectTicketNumber } from './parse.server.ts'

/**
 * What becomes of a stored message (docs/support.md#e-mail), decided in this order:
 *
 * 1. an auto-reply or a bounce: ignored (never a ticket, never answered);
 * 2. the reply token of a ticket's own address (support+<token>@…) in To, Cc or Delivered-To;
 * 3. In-Reply-To / References naming a message of a ticket (one we sent or received);
 * 4. [#T-000123] in the subject, from a member of that ticket's organisation; held for staff when
 *    the sender's domain failed the receiving server's checks; from anyone else, triage;
 * 5. a new message from a member of an organisation opens a ticket for it (held as well when the
 *    sender failed the checks: it would show in the organisation's portal under that person's name);
 * 6. anyone else's waits in triage.
 */
export type Decision =
  | { kind: 'ignore'; reason: string }
  | { kind: 'reply'; ticketId: string; by: 'token' | 'thread' | 'subject' }
  | { kind: 'open'; sender: ClientViewer }
  | { kind: 'hold'; reason: string; ticketId: string | null }
  | { kind: 'triage'; reason: string }

export async function decide(db: Db, mail: ParsedInbound): Promise<Decision> {
  if (mail.automatic) return { kind: 'ignore', reason: mail.automatic }
  const tokens = replyTokensOf(mail.recipients)
  if (tokens.length > 0) {
    const [byToken] = await db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(inArray(supportTickets.replyToken, tokens))
      .limit(1)
    if (byToken) return { kind: 'reply', ticketId: byToken.id, by: 'token' }
  }
  if (mail.thread.length > 0) {
    const found = await db
      .select({ ticketId: supportTicketMessages.ticketId, emailMessageId: supportTicketMessages.emailMessageId })
      .from(supportTicketMessages)
      .where(inArray(supportTicketMessages.emailMessageId, mail.thread))
    // In-Reply-To first, then the newest reference.
    const first = mail.thread.map((id) => found.find((row) => row.emailMessageId === id)).find(Boolean)
    if (first) return { kind: 'reply', ticketId: first.ticketId, by: 'thread' }
  }
  const sender = mail.fromAddress ? await clientViewerForEmail(db, mail.fromAddress) : null
  const number = subjectTicketNumber(mail.subject)
  if (number !== undefined) {
    const [ticket] = await db
      .select({ id: supportTickets.id, organisationId: supportTickets.organisationId })
      .from(supportTickets)
      .where(eq(supportTickets.number, number))
    if (ticket && sender && sender.organisationId === ticket.organisationId) {
      if (mail.senderCheck === 'fail') {
        return {
          kind: 'hold',
          ticketId: ticket.id,
          reason: `The subject names ${ticketNumberText(number)}, but the sender's domain failed the receiving server's checks (SPF/DKIM/DMARC)`,
        }
      }
      return { kind: 'reply', ticketId: ticket.id, by: 'subject' }
    }
    // Another organisation's ticket number (a forwarded thread, a guess): never posted, nor a new
    // ticket in the sender's name; a person looks at it.
    if (ticket) {
      return {
        kind: 'triage',
        reason: `The subject names ${ticketNumberText(number)}, but the sender is not a person of that ticket's organisation`,
      }
    }
  }
  if (sender) {
    if (mail.senderCheck === 'fail') {
      return {
        kind: 'hold',
        ticketId: null,
        reason: "From a client person, but the sender's domain failed the receiving server's checks (SPF/DKIM/DMARC)",
      }
    }
    return { kind: 'open', sender }
  }
  return {
    kind: 'triage',
    reason: mail.fromAddress ? 'The sender is not a client person we know' : 'No sender address',
  }
}

/** The files a ticket accepts, and a line for each one left out (the raw message keeps them all). */
export async function acceptedAttachments(
  files: ParsedInbound['attachments'],
): Promise<{ attachments: IncomingAttachment[]; notes: string[] }> {
  const attachments: IncomingAttachment[] = []
  const notes: string[] = []
  let total = 0
  for (const file of files) {
    const name = displayName(file.fileName)
    const reason =
      file.content.length === 0
        ? 'empty'
        : file.content.length > ticketLimits.attachmentBytes
          ? 'larger than 10 MB'
          : total + file.content.length > ticketLimits.messageAttachmentBytes
            ? 'the files of one message may add up to 25 MB'
            : attachments.length >= ticketLimits.attachmentsPerMessage
              ? `at most ${ticketLimits.attachmentsPerMessage} files a message`
              : (await sniffedType(file.content)) === null
                ? 'not a file type we accept'
                : undefined
    if (reason) {
      notes.push(`(Not attached: ${name}, ${reason}.)`)
      continue
    }
    total += file.content.length
    attachments.push({ fileName: name, content: file.content })
  }
  return { attachments, notes }
}

/** The text that goes into the thread: the reply part, notes on files left out, within the limit. */
export function threadBody(mail: ParsedInbound, notes: string[], attached: number): string {
  let body = mail.body
  const cutNote = '\n\n(Cut here: the whole message is kept with the e-mail.)'
  const reserved = notes.join('\n').length + cutNote.length + 4
  if (body.length > ticketLimits.body - reserved) body = `${body.slice(0, ticketLimits.body - reserved)}${cutNote}`
  if (!body.trim()) body = attached > 0 ? '(No text: see the attached files.)' : '(No text.)'
  return notes.length > 0 ? `${body}\n\n${notes.join('\n')}` : body
}

/** The subject a ticket opened by e-mail gets. */
export function ticketSubject(mail: ParsedInbound): string {
  const subject = mail.subject.replace(/^(\s*(re|aw|fw|fwd)\s*:\s*)+/i, '').trim()
  return (subject || `E-mail from ${mail.fromAddress ?? 'an unknown sender'}`).slice(0, ticketLimits.subject)
}

/**
 * The author of a reply that came by e-mail: the client person, when they may see the ticket; else
 * the address alone (someone the client copied, a colleague without an account).
 */
export async function emailAuthor(db: Db, fromAddress: string | undefined, ticketId: string): Promise<ReplyAuthor> {
  const email = fromAddress ?? 'unknown@invalid'
  const viewer = fromAddress ? await clientViewerForEmail(db, fromAddress) : null
  if (viewer) {
    const visible = await visibleTicket(db, viewer, ticketId).then(
      () => true,
      (error: unknown) => {
        if (error instanceof DomainError) return false
        throw error
      },
    )
    if (visible) return viewer
  }
  return { kind: 'email_unknown', email }
}

/** The ticket a message of ours already landed in (a crash after posting, before the state was written). */
async function landedIn(db: Db, messageId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ ticketId: supportTicketMessages.ticketId })
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.emailMessageId, messageId))
  return row?.ticketId
}

async function setState(
  db: Db,
  id: string,
  state: InboundMailState,
  values: { reason?: string | null; ticketId?: string | null; mail?: ParsedInbound } = {},
): Promise<void> {
  await db
    .update(supportInboundMessages)
    .set({
      state,
      reason: values.reason ?? null,
      ticketId: values.ticketId ?? null,
      processedAt: sql`now()`,
      lastError: null,
      ...(values.mail
        ? {
            fromAddress: values.mail.fromAddress ?? null,
            fromName: values.mail.fromName ?? null,
            subject: values.mail.subject.slice(0, 500),
            preview: values.mail.body.slice(0, 500),
            senderCheck: values.mail.senderCheck,
          }
        : {}),
    })
    .where(and(eq(supportInboundMessages.id, id), eq(supportInboundMessages.state, 'stored')))
}

/** After this many failed attempts a message waits in triage, with the error, rather than being retried. */
export const maxAttempts = 5

/**
 * Processes one stored message (only while it is `stored`: processing is once per Message-ID).
 * Returns the state it ends in.
 */
export async function processInboundMessage(deps: SupportDeps, id: string): Promise<InboundMailState> {
  const { db } = deps
  const [row] = await db.select().from(supportInboundMessages).where(eq(supportInboundMessages.id, id))
  if (!row) throw new DomainError('not_found', 'This message does not exist (any more).')
  if (row.state !== 'stored') return row.state
  const mail = await parseInbound(row.raw)
  // Posted already, by a run that stopped before writing the state: only the state is written now.
  const already = await landedIn(db, row.messageId)
  if (already) {
    await setState(db, id, 'processed', { ticketId: already, mail })
    return 'processed'
  }
  const decision = await decide(db, mail)
  if (decision.kind === 'ignore') {
    await setState(db, id, 'ignored', { reason: decision.reason, mail })
    return 'ignored'
  }
  if (decision.kind === 'hold') {
    await setState(db, id, 'held', { reason: decision.reason, ticketId: decision.ticketId, mail })
    return 'held'
  }
  if (decision.kind === 'triage') {
    await setState(db, id, 'triaged', { reason: decision.reason, mail })
    return 'triaged'
  }
  const { attachments, notes } = await acceptedAttachments(mail.attachments)
  const body = threadBody(mail, notes, attachments.length)
  if (decision.kind === 'open') {
    const ticket = await openTicket(deps, decision.sender, {
      subject: ticketSubject(mail),
      body,
      category: 'managed_it',
      priority: 'normal',
      source: 'email',
      emailMessageId: row.messageId,
      attachments,
    })
    await setState(db, id, 'processed', { reason: 'Opened a ticket', ticketId: ticket.id, mail })
    return 'processed'
  }
  const outcome = await addReply(deps, {
    ticketId: decision.ticketId,
    author: await emailAuthor(db, mail.fromAddress, decision.ticketId),
    body,
    visibility: 'public',
    source: 'email',
    emailMessageId: row.messageId,
    attachments,
  })
  const how = { token: 'its reply address', thread: 'In-Reply-To/References', subject: 'the subject’s ticket number' }
  await setState(db, id, 'processed', {
    reason: outcome.followUpOf
      ? `Opened a follow-up of ${ticketNumberText(outcome.followUpOf.number)} (found by ${how[decision.by]})`
      : `Added to the ticket (found by ${how[decision.by]})`,
    ticketId: outcome.ticket.id,
    mail,
  })
  return 'processed'
}

/**
 * Processes every stored message, oldest first. A message that fails (a bug, the database gone) is
 * tried again next time; after `maxAttempts` it waits in triage with the error, never lost.
 */
export async function processStoredMessages(
  deps: SupportDeps & { log: Logger },
  { batch = 200 }: { batch?: number } = {},
): Promise<Record<InboundMailState | 'failed', number>> {
  const counts: Record<InboundMailState | 'failed', number> = {
    stored: 0,
    processed: 0,
    triaged: 0,
    held: 0,
    ignored: 0,
    discarded: 0,
    failed: 0,
  }
  const failedNow = new Set<string>()
  for (;;) {
    const rows = await deps.db
      .select({ id: supportInboundMessages.id, attempts: supportInboundMessages.attempts })
      .from(supportInboundMessages)
      .where(eq(supportInboundMessages.state, 'stored'))
      .orderBy(asc(supportInboundMessages.receivedAt), asc(supportInboundMessages.id))
      .limit(batch + failedNow.size)
    const todo = rows.filter((row) => !failedNow.has(row.id))
    if (todo.length === 0) return counts
    for (const row of todo) {
      try {
        counts[await processInboundMessage(deps, row.id)]++
      } catch (error) {
        failedNow.add(row.id)
        counts.failed++
        const message = error instanceof Error ? error.message : String(error)
        deps.log.error({ err: error, inboundMessageId: row.id }, 'support mail not processed')
        const giveUp = row.attempts + 1 >= maxAttempts
        await deps.db
          .update(supportInboundMessages)
          .set({
            attempts: sql`${supportInboundMessages.attempts} + 1`,
            lastError: message.slice(0, 1000),
            ...(giveUp
              ? { state: 'triaged' as const, reason: `Could not be processed: ${message.slice(0, 300)}` }
              : {}),
          })
          .where(and(eq(supportInboundMessages.id, row.id), eq(supportInboundMessages.state, 'stored')))
      }
    }
  }
}
