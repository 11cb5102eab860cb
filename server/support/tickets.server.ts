import { randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm'
import type { OrganisationRole } from '../../app/features/organisations/roles.ts'
import type { AuditAction } from '../../app/features/staff/audit-actions.ts'
import {
  canMoveTicket,
  reopenWindowDays,
  type TicketCategory,
  type TicketMessageSource,
  type TicketMessageVisibility,
  type TicketPriority,
  type TicketRating,
  type TicketStatus,
  ticketCategories,
  ticketLimits,
  ticketNumberText,
  ticketPriorities,
  ticketPriorityLabels,
  ticketStatuses,
  ticketStatusLabels,
} from '../../app/features/support/catalogue.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import { staffMembers } from '../booking/staff-members.server.ts'
import type { Db } from '../db/client.server.ts'
import { preparedPerVariant } from '../db/prepared.server.ts'
import {
  clientOnboarding,
  organisationMembers,
  organisations,
  type SupportTicket,
  type SupportTicketMessage,
  supportTicketAttachments,
  supportTicketEvents,
  supportTicketMessages,
  supportTicketParticipants,
  supportTickets,
  user,
} from '../db/schema/index.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { type CheckedAttachment, checkAttachments, type IncomingAttachment } from './attachments.server.ts'
import { enqueueStaffReplyMail } from './mail.server.ts'
import { refreshTicketTargets } from './targets.server.ts'

/**
 * Support tickets (docs/support.md): opening one, the thread (replies and internal notes, with the
 * reopen rule), staff's changes (status, assignee, priority, time, merge) and the client's (copy a
 * colleague, mark resolved, rate). Every change is one transaction: the ticket locked, the change,
 * its line in the ticket's history and, for staff, its audit entry. A ticket another organisation's
 * person asks for is "not found", whatever the reason.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What the services need: the database, and the outbox and addresses for staff replies' e-mail. */
export type SupportDeps = {
  db: Db
  /** Null: replies are not e-mailed (a process that only reads, some tests). */
  outbox?: Outbox | null | undefined
  mail?: SupportMailSettings | null | undefined
}

/** Where support mail comes from and links to (server/support/mail.server.ts). */
export type SupportMailSettings = {
  /** support@example.com: replies go to support+<token>@example.com. */
  address: string
  publicUrl: string
}

/** A staff member acting in the back office. */
export type StaffViewer = { kind: 'staff'; userId: string; email: string }

/** A client person acting for their organisation. */
export type ClientViewer = {
  kind: 'client'
  userId: string
  email: string
  organisationId: string
  organisationRole: OrganisationRole
}

/** Who asks: staff see every ticket; a client their organisation's (owners) or their own and those they are copied on. */
export type TicketViewer = StaffViewer | ClientViewer

/** Who writes a message: a viewer, the system (merges, follow-ups) or someone who is no account of ours (e-mail). */
export type ReplyAuthor = TicketViewer | { kind: 'system' } | { kind: 'email_unknown'; email: string }

export const ticketNotFoundMessage = 'There is no ticket at this address.'
const notFound = () => new DomainError('not_found', ticketNotFoundMessage)

const auditActorOf = (viewer: StaffViewer): AuditActor => ({ userId: viewer.userId, email: viewer.email })

/** 160 random bits, lowercase base32 (RFC 4648 alphabet): the ticket's reply address token. */
export function newReplyToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
  const bytes = randomBytes(20)
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return out
}

// ——— Who sees what ———

/** The SQL condition "this client may see the ticket" (owners: all of their organisation's). */
function clientSees(viewer: ClientViewer) {
  return clientSeesWhere(viewer.organisationRole === 'owner' ? 'owner' : 'other', viewer.organisationId, viewer.userId)
}

/** clientSees, with the organisation and the person given as values or as a prepared statement's placeholders. */
function clientSeesWhere(role: 'owner' | 'other', organisationId: string | SQLWrapper, userId: string | SQLWrapper) {
  const inOrganisation = eq(supportTickets.organisationId, organisationId)
  if (role === 'owner') return inOrganisation
  return and(
    inOrganisation,
    sql`(${supportTickets.requesterUserId} = ${userId} or exists (
      select 1 from ${supportTicketParticipants} p
      where p.ticket_id = ${supportTickets.id} and p.user_id = ${userId}))`,
  )
}

/** The ticket if the viewer may see it, else not found (also for a malformed id). */
export async function visibleTicket(db: Db | Tx, viewer: TicketViewer, ticketId: string): Promise<SupportTicket> {
  if (!isUuid(ticketId)) throw notFound()
  const where =
    viewer.kind === 'staff' ? eq(supportTickets.id, ticketId) : and(eq(supportTickets.id, ticketId), clientSees(viewer))
  const [row] = await db.select().from(supportTickets).where(where)
  if (!row) throw notFound()
  return row
}

/** The ticket locked for this transaction, seen by the viewer, at `version` when one is given. */
async function lockTicket(tx: Tx, viewer: TicketViewer | null, ticketId: string, version?: number) {
  if (!isUuid(ticketId)) throw notFound()
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update')
  if (!row) throw notFound()
  if (viewer?.kind === 'client') await visibleTicket(tx, viewer, ticketId)
  if (version !== undefined && row.version !== version) {
    throw new DomainError(
      'conflict',
      'Someone else changed this ticket after you opened it. Reload the page to see their change, then make yours again.',
      { changedAt: row.updatedAt },
    )
  }
  return row
}

type Change = Partial<typeof supportTickets.$inferInsert>

/** Writes a change, a version up, with the time of the change. */
async function writeChange(tx: Tx, id: string, change: Change): Promise<SupportTicket> {
  const [row] = await tx
    .update(supportTickets)
    .set({ ...change, updatedAt: sql`now()`, version: sql`${supportTickets.version} + 1` })
    .where(eq(supportTickets.id, id))
    .returning()
  if (!row) throw notFound()
  // The ticket's targets follow every change (docs/support.md#targets).
  await refreshTicketTargets(tx, id)
  return row
}

async function writeEvent(
  tx: Tx,
  ticketId: string,
  actorUserId: string | null,
  kind: (typeof supportTicketEvents.$inferInsert)['kind'],
  fromValue: string | null,
  toValue: string | null,
) {
  await tx.insert(supportTicketEvents).values({ ticketId, kind, fromValue, toValue, actorUserId })
  await refreshTicketTargets(tx, ticketId)
}

async function audit(
  tx: Tx,
  viewer: TicketViewer | ReplyAuthor,
  action: AuditAction,
  ticket: Pick<SupportTicket, 'id' | 'number' | 'subject'>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  if (viewer.kind !== 'staff') return
  await recordAudit(tx, auditActorOf(viewer), {
    action,
    subjectId: ticket.id,
    details: { number: ticketNumberText(ticket.number), subject: ticket.subject },
    before,
    after,
  })
}

// ——— People ———

/** The user account of a client person in the organisation, by user id; null when they are not in it. */
async function memberUser(db: Db | Tx, organisationId: string, userId: string) {
  if (!isUuid(userId)) return null
  const [row] = await db
    .select({ userId: user.id, email: user.email })
    .from(user)
    .innerJoin(clientOnboarding, eq(clientOnboarding.email, sql`lower(${user.email})`))
    .innerJoin(organisationMembers, eq(organisationMembers.personId, clientOnboarding.id))
    .where(and(eq(user.id, userId), eq(organisationMembers.organisationId, organisationId)))
  return row ?? null
}

/** The people of an organisation who can be copied on its tickets (they have an account). */
export async function colleaguesOf(
  db: Db,
  organisationId: string,
): Promise<{ userId: string; email: string; name: string }[]> {
  return db
    .select({
      userId: user.id,
      email: user.email,
      name: sql<string>`coalesce(nullif(${clientOnboarding.fullName}, ''), ${user.name})`,
    })
    .from(organisationMembers)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
    .innerJoin(user, eq(sql`lower(${user.email})`, clientOnboarding.email))
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(sql`lower(coalesce(${clientOnboarding.fullName}, ${user.email}))`)
}

/**
 * The client viewer of an e-mail address: a person with an account who is in an organisation, with
 * their role (what incoming mail threads by); null for anyone else.
 */
export async function clientViewerForEmail(db: Db, email: string): Promise<ClientViewer | null> {
  const [row] = await db
    .select({
      userId: user.id,
      email: user.email,
      organisationId: organisationMembers.organisationId,
      organisationRole: organisationMembers.role,
    })
    .from(clientOnboarding)
    .innerJoin(user, eq(sql`lower(${user.email})`, clientOnboarding.email))
    .innerJoin(organisationMembers, eq(organisationMembers.personId, clientOnboarding.id))
    .where(and(eq(clientOnboarding.email, email.trim().toLowerCase()), eq(clientOnboarding.role, 'client')))
  return row ? { kind: 'client', ...row } : null
}

// ——— Opening ———

export type OpenTicketInput = {
  subject: string
  body: string
  category: TicketCategory
  priority: TicketPriority
  /** Staff name the organisation; a client's is theirs. */
  organisationId?: string | undefined
  /** Staff may name the client person it is for (one of the organisation's). */
  requesterUserId?: string | null | undefined
  source?: TicketMessageSource | undefined
  emailMessageId?: string | null | undefined
  attachments?: readonly IncomingAttachment[] | undefined
}

function checkText(subject: string, body: string) {
  const fields: Record<string, string[]> = {}
  if (!subject.trim()) fields.subject = ['Say in a few words what it is about.']
  else if (subject.trim().length > ticketLimits.subject) fields.subject = ['Keep the subject under 200 characters.']
  if (!body.trim()) fields.body = ['Describe what happened.']
  else if (body.length > ticketLimits.body) fields.body = ['Keep it under 20,000 characters (attach a file for more).']
  const first = Object.values(fields)[0]?.[0]
  if (first) throw new DomainError('invalid', first, { fields })
}

/** Opens a ticket with its first message. */
export async function openTicket(
  deps: SupportDeps,
  opener: TicketViewer | { kind: 'email_unknown'; email: string },
  input: OpenTicketInput,
): Promise<SupportTicket> {
  checkText(input.subject, input.body)
  if (!ticketCategories.includes(input.category)) {
    throw new DomainError('invalid', 'Choose what it is about.', { field: 'category' })
  }
  if (!ticketPriorities.includes(input.priority)) {
    throw new DomainError('invalid', 'Choose how urgent it is.', { field: 'priority' })
  }
  const files = await checkAttachments(input.attachments ?? [])
  let organisationId: string
  let requesterUserId: string | null
  if (opener.kind === 'client') {
    organisationId = opener.organisationId
    requesterUserId = opener.userId
  } else {
    if (!input.organisationId || !isUuid(input.organisationId)) {
      throw new DomainError('invalid', 'Choose the organisation the ticket is for.', { field: 'organisationId' })
    }
    organisationId = input.organisationId
    requesterUserId = null
    if (input.requesterUserId) {
      const member = await memberUser(deps.db, organisationId, input.requesterUserId)
      if (!member) {
        throw new DomainError('invalid', 'Choose a person of that organisation.', { field: 'requesterUserId' })
      }
      requesterUserId = member.userId
    }
  }
  return deps.db.transaction(async (tx) => {
    const [organisation] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
    if (!organisation) {
      throw new DomainError('invalid', 'Choose the organisation the ticket is for.', { field: 'organisationId' })
    }
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        organisationId,
        requesterUserId,
        subject: input.subject.trim(),
        category: input.category,
        priority: input.priority,
        replyToken: newReplyToken(),
      })
      .returning()
    if (!ticket) throw new Error('ticket not stored')
    const actorUserId = opener.kind === 'email_unknown' ? null : opener.userId
    await writeEvent(tx, ticket.id, actorUserId, 'opened', null, 'new')
    const message = await insertMessage(tx, ticket, opener, {
      body: input.body,
      visibility: 'public',
      source: input.source ?? (opener.kind === 'staff' ? 'staff' : 'portal'),
      emailMessageId: input.emailMessageId ?? null,
      files,
    })
    await audit(tx, opener, 'ticket.open', ticket, null, {
      subject: ticket.subject,
      category: ticket.category,
      priority: ticket.priority,
    })
    // A ticket staff open for a person is e-mailed to them as a staff reply is (they answer by mail).
    if (opener.kind === 'staff' && deps.outbox && deps.mail) {
      await enqueueStaffReplyMail(tx, { outbox: deps.outbox, settings: deps.mail }, ticket, message, files)
    }
    return ticket
  })
}

async function insertMessage(
  tx: Tx,
  ticket: SupportTicket,
  author: ReplyAuthor,
  message: {
    body: string
    visibility: TicketMessageVisibility
    source: TicketMessageSource
    emailMessageId: string | null
    files: readonly CheckedAttachment[]
  },
): Promise<SupportTicketMessage> {
  if (message.emailMessageId) {
    const [seen] = await tx
      .select({ id: supportTicketMessages.id })
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.emailMessageId, message.emailMessageId))
    if (seen) throw new DomainError('conflict', 'This e-mail is already in a ticket.')
  }
  const [row] = await tx
    .insert(supportTicketMessages)
    .values({
      ticketId: ticket.id,
      authorUserId: author.kind === 'staff' || author.kind === 'client' ? author.userId : null,
      authorKind: author.kind,
      authorEmail: author.kind === 'email_unknown' ? author.email.toLowerCase() : null,
      visibility: message.visibility,
      body: message.body,
      source: message.source,
      emailMessageId: message.emailMessageId,
    })
    .returning()
  if (!row) throw new Error('message not stored')
  if (message.files.length > 0) {
    await tx
      .insert(supportTicketAttachments)
      .values(message.files.map((file) => ({ ...file, ticketId: ticket.id, messageId: row.id })))
  }
  return row
}

// ——— The thread ———

export type AddReplyInput = {
  ticketId: string
  author: ReplyAuthor
  body: string
  visibility?: TicketMessageVisibility | undefined
  source?: TicketMessageSource | undefined
  emailMessageId?: string | null | undefined
  attachments?: readonly IncomingAttachment[] | undefined
}

export type ReplyOutcome = {
  /** The ticket the reply landed in: the one asked for, the one it was merged into, or a new follow-up. */
  ticket: SupportTicket
  message: SupportTicketMessage
  /** A resolved ticket the reply reopened. */
  reopened: boolean
  /** The closed (or long resolved) ticket the reply came to, when it opened a new one. */
  followUpOf: SupportTicket | null
  /** The outgoing e-mail's job id, when a public staff reply was e-mailed. */
  mailId: string | null
}

const days = (n: number) => n * 24 * 60 * 60 * 1000

/**
 * Adds a message to a ticket's thread. The reopen rule: a client's reply (or an e-mail's) to a
 * resolved ticket within 7 days of its resolution reopens it; to a closed ticket, or later than that,
 * it opens a new ticket that links the old one, and lands there. A reply to a merged ticket lands in
 * the ticket it was merged into. A public staff reply is the first response (if none came before),
 * moves a new ticket to open, and is e-mailed to the requester and the people copied.
 */
export async function addReply(deps: SupportDeps, input: AddReplyInput): Promise<ReplyOutcome> {
  const { author } = input
  const visibility = input.visibility ?? 'public'
  if (visibility === 'internal' && author.kind !== 'staff' && author.kind !== 'system') {
    throw new DomainError('forbidden', 'Only staff write internal notes.')
  }
  if (!input.body.trim()) throw new DomainError('invalid', 'Write a reply first.', { field: 'body' })
  if (input.body.length > ticketLimits.body) {
    throw new DomainError('invalid', 'Keep it under 20,000 characters (attach a file for more).', { field: 'body' })
  }
  const files = await checkAttachments(input.attachments ?? [])
  const source = input.source ?? (author.kind === 'staff' ? 'staff' : 'portal')
  const viewer = author.kind === 'staff' || author.kind === 'client' ? author : null
  // A person of the organisation who answers the ticket's e-mail (a colleague it was forwarded to)
  // joins its people: by e-mail, being of the organisation is enough; in the portal, they must see it.
  const byEmailFromMember = author.kind === 'client' && source === 'email'
  const outcome = await deps.db.transaction(async (tx) => {
    let ticket = await lockTicket(tx, byEmailFromMember ? null : viewer, input.ticketId)
    if (author.kind === 'client' && ticket.organisationId !== author.organisationId) throw notFound()
    if (byEmailFromMember && author.userId !== ticket.requesterUserId) {
      const added = await tx
        .insert(supportTicketParticipants)
        .values({ ticketId: ticket.id, userId: author.userId })
        .onConflictDoNothing()
        .returning()
      if (added.length > 0) await writeEvent(tx, ticket.id, author.userId, 'participant', null, author.email)
    }
    // A duplicate merged into another: the reply goes where the conversation continues.
    for (let hop = 0; ticket.mergedIntoTicketId && hop < 5; hop += 1) {
      ticket = await lockTicket(tx, null, ticket.mergedIntoTicketId)
    }
    const actorUserId = viewer?.userId ?? null
    const fromClientSide = author.kind === 'client' || author.kind === 'email_unknown'
    let reopened = false
    let followUpOf: SupportTicket | null = null
    if (fromClientSide && visibility === 'public') {
      const resolvedLately =
        ticket.status === 'resolved' &&
        ticket.resolvedAt !== null &&
        Date.now() - ticket.resolvedAt.getTime() <= days(reopenWindowDays)
      if (resolvedLately) {
        ticket = await writeChange(tx, ticket.id, { status: 'open', resolvedAt: null })
        await writeEvent(tx, ticket.id, actorUserId, 'reopened', 'resolved', 'open')
        reopened = true
      } else if (ticket.status === 'resolved' || ticket.status === 'closed') {
        followUpOf = ticket
        const [created] = await tx
          .insert(supportTickets)
          .values({
            organisationId: ticket.organisationId,
            requesterUserId: author.kind === 'client' ? author.userId : ticket.requesterUserId,
            subject: ticket.subject,
            category: ticket.category,
            priority: ticket.priority,
            replyToken: newReplyToken(),
            previousTicketId: ticket.id,
          })
          .returning()
        if (!created) throw new Error('ticket not stored')
        await writeEvent(tx, created.id, actorUserId, 'opened', null, 'new')
        await writeEvent(tx, created.id, actorUserId, 'follow_up', ticketNumberText(ticket.number), null)
        await tx.insert(supportTicketParticipants).select(
          tx
            .select({
              ticketId: sql`${created.id}::uuid`.as('ticket_id'),
              userId: supportTicketParticipants.userId,
              addedAt: sql`now()`.as('added_at'),
            })
            .from(supportTicketParticipants)
            .where(eq(supportTicketParticipants.ticketId, ticket.id)),
        )
        ticket = created
      } else if (ticket.status === 'waiting_on_client') {
        ticket = await writeChange(tx, ticket.id, { status: 'open' })
        await writeEvent(tx, ticket.id, actorUserId, 'status', 'waiting_on_client', 'open')
      }
    }
    if (author.kind === 'staff' && visibility === 'public') {
      const change: Change = {}
      if (!ticket.firstRespondedAt) change.firstRespondedAt = new Date()
      if (ticket.status === 'new') change.status = 'open'
      if (Object.keys(change).length > 0) {
        const before = ticket.status
        ticket = await writeChange(tx, ticket.id, change)
        if (before !== ticket.status) await writeEvent(tx, ticket.id, actorUserId, 'status', before, ticket.status)
      }
    }
    const message = await insertMessage(tx, ticket, author, {
      body: input.body,
      visibility,
      source,
      emailMessageId: input.emailMessageId ?? null,
      files,
    })
    // The ticket's time of last activity, for lists; a reply is no edit of staff's fields (no version).
    await tx.update(supportTickets).set({ updatedAt: sql`now()` }).where(eq(supportTickets.id, ticket.id))
    await audit(tx, author, visibility === 'internal' ? 'ticket.note' : 'ticket.reply', ticket, null, {
      visibility,
      length: input.body.length,
      attachments: files.length,
    })
    let mailId: string | null = null
    if (author.kind === 'staff' && visibility === 'public' && deps.outbox && deps.mail) {
      mailId = await enqueueStaffReplyMail(tx, { outbox: deps.outbox, settings: deps.mail }, ticket, message, files)
    }
    return { ticket, message, reopened, followUpOf, mailId }
  })
  return outcome
}

// ——— Staff's changes and the client's ———

/** Moves a ticket along the transition table: staff any allowed move, a client only to resolved. */
export async function changeStatus(
  deps: SupportDeps,
  viewer: TicketViewer,
  input: { ticketId: string; status: TicketStatus; version?: number | undefined },
): Promise<SupportTicket> {
  if (!ticketStatuses.includes(input.status)) throw new DomainError('invalid', 'Choose a status.', { field: 'status' })
  return deps.db.transaction(async (tx) => {
    const before = await lockTicket(tx, viewer, input.ticketId, input.version)
    if (before.status === input.status) return before
    if (before.mergedIntoTicketId) {
      throw new DomainError('conflict', 'This ticket was merged into another; work on that one.')
    }
    if (!canMoveTicket(before.status, input.status, viewer.kind)) {
      throw new DomainError(
        'conflict',
        viewer.kind === 'staff'
          ? `A ticket that is ${ticketStatusLabels[before.status].toLowerCase()} cannot be marked ${ticketStatusLabels[input.status].toLowerCase()}.`
          : 'This ticket cannot be marked resolved now. Reload the page to see where it stands.',
      )
    }
    const change: Change = { status: input.status }
    if (input.status === 'resolved') change.resolvedAt = new Date()
    else if (input.status === 'closed') change.closedAt = new Date()
    else change.resolvedAt = null
    const after = await writeChange(tx, before.id, change)
    await writeEvent(tx, before.id, viewer.userId, 'status', before.status, input.status)
    await audit(tx, viewer, 'ticket.status', after, { status: before.status }, { status: input.status })
    return after
  })
}

/** Gives the ticket to a staff member, or to nobody (an empty assignee). */
export async function assign(
  deps: SupportDeps,
  viewer: StaffViewer,
  input: { ticketId: string; assigneeUserId: string | null; version?: number | undefined },
): Promise<SupportTicket> {
  const members = await staffMembers(deps.db)
  const member = input.assigneeUserId ? members.find((m) => m.userId === input.assigneeUserId) : null
  if (input.assigneeUserId && !member) {
    throw new DomainError('invalid', 'Choose a staff member from the list.', { field: 'assignee' })
  }
  return deps.db.transaction(async (tx) => {
    const before = await lockTicket(tx, viewer, input.ticketId, input.version)
    const to = member?.userId ?? null
    if (before.assigneeUserId === to) return before
    const previous = before.assigneeUserId ? members.find((m) => m.userId === before.assigneeUserId) : null
    const after = await writeChange(tx, before.id, { assigneeUserId: to })
    await writeEvent(tx, before.id, viewer.userId, 'assignee', previous?.email ?? null, member?.email ?? null)
    await audit(
      tx,
      viewer,
      'ticket.assign',
      after,
      { assignee: previous?.email ?? null },
      { assignee: member?.email ?? null },
    )
    return after
  })
}

export async function setPriority(
  deps: SupportDeps,
  viewer: StaffViewer,
  input: { ticketId: string; priority: TicketPriority; version?: number | undefined },
): Promise<SupportTicket> {
  if (!ticketPriorities.includes(input.priority)) {
    throw new DomainError('invalid', 'Choose a priority.', { field: 'priority' })
  }
  return deps.db.transaction(async (tx) => {
    const before = await lockTicket(tx, viewer, input.ticketId, input.version)
    if (before.priority === input.priority) return before
    const after = await writeChange(tx, before.id, { priority: input.priority })
    await writeEvent(tx, before.id, viewer.userId, 'priority', before.priority, input.priority)
    await audit(
      tx,
      viewer,
      'ticket.priority',
      after,
      { priority: ticketPriorityLabels[before.priority] },
      { priority: ticketPriorityLabels[input.priority] },
    )
    return after
  })
}

/** Adds minutes of work to the ticket's time spent (what billing reads). Adding takes no version. */
export async function addTime(
  deps: SupportDeps,
  viewer: StaffViewer,
  input: { ticketId: string; minutes: number },
): Promise<SupportTicket> {
  if (!Number.isInteger(input.minutes) || input.minutes < 1 || input.minutes > ticketLimits.timeMinutes) {
    throw new DomainError('invalid', 'Give the minutes spent, a whole number from 1 to 720.', { field: 'minutes' })
  }
  return deps.db.transaction(async (tx) => {
    const before = await lockTicket(tx, viewer, input.ticketId)
    const total = before.timeSpentMinutes + input.minutes
    const [after] = await tx
      .update(supportTickets)
      .set({ timeSpentMinutes: total, updatedAt: sql`now()` })
      .where(eq(supportTickets.id, before.id))
      .returning()
    if (!after) throw notFound()
    await writeEvent(tx, before.id, viewer.userId, 'time', String(before.timeSpentMinutes), String(total))
    await audit(tx, viewer, 'ticket.time', after, { minutes: before.timeSpentMinutes }, { minutes: total })
    return after
  })
}

/** Copies a person of the ticket's organisation on it: they see it and get its replies. */
export async function copyPerson(
  deps: SupportDeps,
  viewer: TicketViewer,
  input: { ticketId: string; userId: string },
): Promise<{ added: boolean }> {
  return deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, viewer, input.ticketId)
    const member = await memberUser(tx, ticket.organisationId, input.userId)
    if (!member) {
      throw new DomainError('invalid', 'Choose a person of the organisation from the list.', { field: 'userId' })
    }
    if (member.userId === ticket.requesterUserId) return { added: false }
    const added = await tx
      .insert(supportTicketParticipants)
      .values({ ticketId: ticket.id, userId: member.userId })
      .onConflictDoNothing()
      .returning()
    if (added.length === 0) return { added: false }
    await writeEvent(tx, ticket.id, viewer.userId, 'participant', null, member.email)
    await audit(tx, viewer, 'ticket.copy', ticket, null, { copied: member.email })
    return { added: true }
  })
}

/**
 * Merges a duplicate into another ticket of the same organisation: the duplicate is closed and
 * points at the other (replies to it land there), its requester and copied people are copied on
 * the other, and both threads say so.
 */
export async function mergeTicket(
  deps: SupportDeps,
  viewer: StaffViewer,
  input: { ticketId: string; intoTicketId: string; version?: number | undefined },
): Promise<SupportTicket> {
  if (input.ticketId === input.intoTicketId) {
    throw new DomainError('invalid', 'A ticket cannot be merged into itself.', { field: 'into' })
  }
  return deps.db.transaction(async (tx) => {
    const source = await lockTicket(tx, viewer, input.ticketId, input.version)
    if (!isUuid(input.intoTicketId)) {
      throw new DomainError('invalid', 'Choose the ticket to merge into.', { field: 'into' })
    }
    const [target] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, input.intoTicketId))
      .for('update')
    if (!target) throw new DomainError('invalid', 'There is no such ticket to merge into.', { field: 'into' })
    if (source.mergedIntoTicketId) throw new DomainError('conflict', 'This ticket was already merged.')
    if (target.mergedIntoTicketId) {
      throw new DomainError(
        'invalid',
        `${ticketNumberText(target.number)} was itself merged; choose the ticket it went into.`,
        {
          field: 'into',
        },
      )
    }
    if (target.organisationId !== source.organisationId) {
      throw new DomainError('invalid', 'Only tickets of the same organisation can be merged.', { field: 'into' })
    }
    const after = await writeChange(tx, source.id, {
      status: 'closed',
      closedAt: new Date(),
      mergedIntoTicketId: target.id,
    })
    const people = new Set<string>()
    if (source.requesterUserId && source.requesterUserId !== target.requesterUserId) people.add(source.requesterUserId)
    const copied = await tx
      .select({ userId: supportTicketParticipants.userId })
      .from(supportTicketParticipants)
      .where(eq(supportTicketParticipants.ticketId, source.id))
    for (const row of copied) if (row.userId !== target.requesterUserId) people.add(row.userId)
    if (people.size > 0) {
      await tx
        .insert(supportTicketParticipants)
        .values([...people].map((userId) => ({ ticketId: target.id, userId })))
        .onConflictDoNothing()
    }
    await writeEvent(
      tx,
      source.id,
      viewer.userId,
      'merge',
      ticketNumberText(source.number),
      ticketNumberText(target.number),
    )
    await writeEvent(
      tx,
      target.id,
      viewer.userId,
      'merge',
      ticketNumberText(source.number),
      ticketNumberText(target.number),
    )
    const system = { kind: 'system' } as const
    await insertMessage(tx, target, system, {
      body: `${ticketNumberText(source.number)} (${source.subject}) was merged into this ticket.`,
      visibility: 'public',
      source: 'staff',
      emailMessageId: null,
      files: [],
    })
    await insertMessage(tx, after, system, {
      body: `This ticket was merged into ${ticketNumberText(target.number)}; the conversation continues there.`,
      visibility: 'public',
      source: 'staff',
      emailMessageId: null,
      files: [],
    })
    await tx.update(supportTickets).set({ updatedAt: sql`now()` }).where(eq(supportTickets.id, target.id))
    await audit(
      tx,
      viewer,
      'ticket.merge',
      after,
      { ticket: ticketNumberText(source.number) },
      { mergedInto: ticketNumberText(target.number) },
    )
    return after
  })
}

/** The client's rating of a resolved (or closed) ticket, given once. */
export async function rate(
  deps: SupportDeps,
  viewer: ClientViewer,
  input: { ticketId: string; rating: TicketRating; comment?: string | null | undefined },
): Promise<SupportTicket> {
  const comment = input.comment?.trim() || null
  if (comment && comment.length > ticketLimits.ratingComment) {
    throw new DomainError('invalid', 'Keep the comment under 2,000 characters.', { field: 'comment' })
  }
  return deps.db.transaction(async (tx) => {
    const before = await lockTicket(tx, viewer, input.ticketId)
    if (before.status !== 'resolved' && before.status !== 'closed') {
      throw new DomainError('conflict', 'You can rate a ticket once it is resolved.')
    }
    if (before.rating) throw new DomainError('conflict', 'This ticket has been rated already. Thank you.')
    const [after] = await tx
      .update(supportTickets)
      .set({ rating: input.rating, ratingComment: comment, ratedAt: new Date(), updatedAt: sql`now()` })
      .where(eq(supportTickets.id, before.id))
      .returning()
    if (!after) throw notFound()
    await writeEvent(tx, before.id, viewer.userId, 'rating', null, input.rating)
    return after
  })
}

// ——— Reading ———

export type TicketListRow = {
  id: string
  number: number
  subject: string
  status: TicketStatus
  priority: TicketPriority
  category: TicketCategory
  createdAt: Date
  updatedAt: Date
  /** The last public message: when, and whether staff or the client side wrote it. */
  lastReplyAt: Date | null
  lastReplyBy: 'staff' | 'client' | null
  /** Who is on it (the assignee's name), or null while nobody is. */
  assigneeName: string | null
  requesterName: string | null
}

// The client's list (/support), built once per database and the viewer's place (an owner sees the
// organisation's tickets, anyone else theirs and those they are copied on) and named
// (db/prepared.server.ts): the page runs it on every visit.
const clientTicketStatements = preparedPerVariant((db: Db, role: 'owner' | 'other') => {
  const where = clientSeesWhere(role, sql.placeholder('organisation'), sql.placeholder('user'))
  // The ticket's columns are written out with their table: in a select from one table Drizzle
  // writes a column bare ("id"), which inside these subqueries is the message's own id (the last
  // reply was always empty, and each row read the million messages).
  const lastPublic = sql`(select m.created_at || '|' || m.author_kind from support_ticket_messages m
    where m.ticket_id = support_tickets.id and m.visibility = 'public' and m.author_kind <> 'system'
    order by m.created_at desc limit 1)`
  return {
    rows: db
      .select({
        id: supportTickets.id,
        number: supportTickets.number,
        subject: supportTickets.subject,
        status: supportTickets.status,
        priority: supportTickets.priority,
        category: supportTickets.category,
        createdAt: supportTickets.createdAt,
        updatedAt: supportTickets.updatedAt,
        lastReplyAt: sql<Date | null>`(select max(m.created_at) from support_ticket_messages m
        where m.ticket_id = support_tickets.id and m.visibility = 'public' and m.author_kind <> 'system')`.mapWith(
          (value: string | Date | null) => (value ? new Date(value) : null),
        ),
        lastReplyKind: sql<string | null>`split_part(${lastPublic}, '|', 2)`,
        assigneeName: sql<string | null>`(select coalesce(nullif(o.full_name, ''), u.name) from "user" u
        left join client_onboarding o on o.email = lower(u.email) where u.id = support_tickets.assignee_user_id)`,
        requesterName: sql<string | null>`(select coalesce(nullif(o.full_name, ''), u.name) from "user" u
        left join client_onboarding o on o.email = lower(u.email) where u.id = support_tickets.requester_user_id)`,
      })
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.number))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`client_tickets_${role}`),
    count: db
      .select({ n: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(where)
      .prepare(`client_tickets_${role}_count`),
  }
})

/**
 * A client's list: an owner's organisation's tickets, a member's own and those they are copied on,
 * newest activity first, and how many there are. Staff work in the queue (server/support/queue.server.ts).
 */
export async function ticketsForActor(
  db: Db,
  viewer: ClientViewer,
  options: { limit?: number; offset?: number } = {},
): Promise<{ rows: TicketListRow[]; total: number }> {
  const statements = clientTicketStatements(db, viewer.organisationRole === 'owner' ? 'owner' : 'other')
  const values = {
    organisation: viewer.organisationId,
    user: viewer.userId,
    limit: options.limit ?? 50,
    offset: options.offset ?? 0,
  }
  const [rows, [count]] = await Promise.all([statements.rows.execute(values), statements.count.execute(values)])
  return {
    rows: rows.map(({ lastReplyKind, ...row }) => ({
      ...row,
      lastReplyBy: lastReplyKind === 'staff' ? 'staff' : lastReplyKind ? 'client' : null,
    })),
    total: count?.n ?? 0,
  }
}

export type ThreadMessage = {
  id: string
  authorKind: SupportTicketMessage['authorKind']
  authorName: string
  visibility: TicketMessageVisibility
  body: string
  source: TicketMessageSource
  createdAt: Date
  attachments: { id: string; fileName: string; contentType: string; size: number }[]
}

export type TicketThread = {
  ticket: SupportTicket
  messages: ThreadMessage[]
  participants: { userId: string; email: string; name: string }[]
  requester: { userId: string; email: string; name: string } | null
  assignee: { userId: string; email: string; name: string } | null
  mergedInto: { id: string; number: number } | null
  previous: { id: string; number: number } | null
}

/**
 * A ticket's page: the ticket and its thread as the viewer may see it. A client never gets an
 * internal note (they are left out here, in the query, not hidden by the page).
 */
export async function ticketThread(db: Db, viewer: TicketViewer, ticketId: string): Promise<TicketThread> {
  const ticket = await visibleTicket(db, viewer, ticketId)
  const conditions = [eq(supportTicketMessages.ticketId, ticket.id)]
  if (viewer.kind === 'client') conditions.push(eq(supportTicketMessages.visibility, 'public'))
  const messageRows = await db
    .select({
      id: supportTicketMessages.id,
      authorKind: supportTicketMessages.authorKind,
      authorName: sql<string>`coalesce(
        (select coalesce(nullif(o.full_name, ''), u.name) from "user" u left join client_onboarding o on o.email = lower(u.email)
          where u.id = ${supportTicketMessages.authorUserId}),
        ${supportTicketMessages.authorEmail}, '')`,
      visibility: supportTicketMessages.visibility,
      body: supportTicketMessages.body,
      source: supportTicketMessages.source,
      createdAt: supportTicketMessages.createdAt,
    })
    .from(supportTicketMessages)
    .where(and(...conditions))
    .orderBy(supportTicketMessages.createdAt, supportTicketMessages.id)
  const files =
    messageRows.length === 0
      ? []
      : await db
          .select({
            id: supportTicketAttachments.id,
            messageId: supportTicketAttachments.messageId,
            fileName: supportTicketAttachments.fileName,
            contentType: supportTicketAttachments.contentType,
            size: supportTicketAttachments.size,
          })
          .from(supportTicketAttachments)
          .where(
            inArray(
              supportTicketAttachments.messageId,
              messageRows.map((m) => m.id),
            ),
          )
          .orderBy(supportTicketAttachments.createdAt, supportTicketAttachments.id)
  const messages = messageRows.map((m) => ({
    ...m,
    authorName: m.authorKind === 'system' ? 'Support' : m.authorName || 'Unknown sender',
    attachments: files.filter((f) => f.messageId === m.id).map(({ messageId: _m, ...f }) => f),
  }))
  const person = async (userId: string | null) => {
    if (!userId) return null
    const [row] = await db
      .select({
        userId: user.id,
        email: user.email,
        name: sql<string>`coalesce(nullif(${clientOnboarding.fullName}, ''), ${user.name})`,
      })
      .from(user)
      .leftJoin(clientOnboarding, eq(clientOnboarding.email, sql`lower(${user.email})`))
      .where(eq(user.id, userId))
    return row ?? null
  }
  const participants = await db
    .select({
      userId: user.id,
      email: user.email,
      name: sql<string>`coalesce(nullif(${clientOnboarding.fullName}, ''), ${user.name})`,
    })
    .from(supportTicketParticipants)
    .innerJoin(user, eq(user.id, supportTicketParticipants.userId))
    .leftJoin(clientOnboarding, eq(clientOnboarding.email, sql`lower(${user.email})`))
    .where(eq(supportTicketParticipants.ticketId, ticket.id))
    .orderBy(supportTicketParticipants.addedAt)
  const linked = async (id: string | null) => {
    if (!id) return null
    const [row] = await db
      .select({ id: supportTickets.id, number: supportTickets.number })
      .from(supportTickets)
      .where(eq(supportTickets.id, id))
    return row ?? null
  }
  return {
    ticket,
    messages,
    participants,
    requester: await person(ticket.requesterUserId),
    assignee: await person(ticket.assigneeUserId),
    mergedInto: await linked(ticket.mergedIntoTicketId),
    previous: await linked(ticket.previousTicketId),
  }
}

/** A ticket's history, oldest first (staff's page; what the targets' clock reads). */
export async function ticketEvents(db: Db, ticketId: string) {
  return db
    .select()
    .from(supportTicketEvents)
    .where(eq(supportTicketEvents.ticketId, ticketId))
    .orderBy(supportTicketEvents.seq)
}

/** The ticket a reply address's token names, or null (incoming mail's first threading rule). */
export async function ticketByReplyToken(db: Db, token: string): Promise<SupportTicket | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.replyToken, token))
  return row ?? null
}

/** The ticket of a number (T-000123 → 123), or null. */
export async function ticketByNumber(db: Db, number: number): Promise<SupportTicket | null> {
  if (!Number.isSafeInteger(number) || number < 1 || number > 2_147_483_647) return null
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.number, number))
  return row ?? null
}

/** The ticket whose thread holds a message with this Message-ID (sent or received), or null. */
export async function ticketByEmailMessageId(db: Db, messageId: string): Promise<SupportTicket | null> {
  const [row] = await db
    .select({ ticket: supportTickets })
    .from(supportTicketMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketMessages.ticketId))
    .where(eq(supportTicketMessages.emailMessageId, messageId))
  return row?.ticket ?? null
}

/**
 * An attachment for download: the viewer must see its ticket, and a client only a file of a public
 * message (a file on an internal note is staff's). Anything else is not found.
 */
export async function attachmentFor(
  db: Db,
  viewer: TicketViewer,
  ticketId: string,
  attachmentId: string,
): Promise<{ fileName: string; contentType: string; size: number; content: Buffer } | null> {
  if (!isUuid(attachmentId)) return null
  const ticket = await visibleTicket(db, viewer, ticketId).catch((error: unknown) => {
    if (error instanceof DomainError) return null
    throw error
  })
  if (!ticket) return null
  const [row] = await db
    .select({
      fileName: supportTicketAttachments.fileName,
      contentType: supportTicketAttachments.contentType,
      size: supportTicketAttachments.size,
      content: supportTicketAttachments.content,
      visibility: supportTicketMessages.visibility,
    })
    .from(supportTicketAttachments)
    .innerJoin(supportTicketMessages, eq(supportTicketMessages.id, supportTicketAttachments.messageId))
    .where(and(eq(supportTicketAttachments.id, attachmentId), eq(supportTicketAttachments.ticketId, ticket.id)))
  if (!row) return null
  if (viewer.kind === 'client' && row.visibility !== 'public') return null
  const { visibility: _v, ...file } = row
  return file
}
