// Support tickets' services (docs/support.md) on the database the suite runs on: who sees which
// ticket, the thread and its reopen rule, staff's changes with their history and audit entries,
// merging, rating, and the reply e-mail's addresses and thread headers.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ticketNumberText } from '../../app/features/support/catalogue.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import {
  auditLog,
  clientOnboarding,
  supportTicketAttachments,
  supportTicketEvents,
  supportTicketMessages,
  supportTickets,
  user,
} from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { organisationOfPerson } from '../../server/organisations/organisations.server.ts'
import { addPerson } from '../../server/organisations/people.server.ts'
import { replyAddress } from '../../server/support/mail.server.ts'
import {
  addReply,
  addTime,
  assign,
  type ClientViewer,
  changeStatus,
  copyPerson,
  mergeTicket,
  openTicket,
  rate,
  type StaffViewer,
  type SupportDeps,
  setPriority,
  ticketByReplyToken,
  ticketEvents,
  ticketsForActor,
  ticketThread,
} from '../../server/support/tickets.server.ts'
import { queuedMails, queueOnlyOutbox } from './helpers/billing.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase
let outbox: Outbox
let deps: SupportDeps
let staff: StaffViewer
let staff2: StaffViewer

const settings = { address: 'support@ramapo-it.example', publicUrl: 'http://portal.test' }

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
  deps = { db: database.db, outbox, mail: settings }
  staff = await staffPerson('tech@ramapo-it.example', 'employee')
  staff2 = await staffPerson('lead@ramapo-it.example', 'admin')
})
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})

/** An account (user row) and its onboarding record, committed. */
async function account(email: string, role: 'client' | 'employee' | 'admin', companyName?: string) {
  const [person] = await database.db
    .insert(clientOnboarding)
    .values({
      email,
      fullName: email.split('@')[0] ?? email,
      role,
      status: 'approved',
      companyName: companyName ?? null,
    })
    .returning({ id: clientOnboarding.id })
  const [account] = await database.db
    .insert(user)
    .values({ email, name: email.split('@')[0] ?? email, emailVerified: true })
    .returning({ id: user.id })
  if (!person || !account) throw new Error('no account')
  return { personId: person.id, userId: account.id }
}

async function staffPerson(email: string, role: 'employee' | 'admin'): Promise<StaffViewer> {
  const { userId } = await account(email, role)
  return { kind: 'staff', userId, email }
}

let counter = 0
/** An office: an owner (its organisation of one), and two members added by staff. */
async function office(name: string) {
  counter += 1
  const owner = await account(`owner${counter}@${name}.example`, 'client', name)
  const found = await organisationOfPerson(database.db, owner.personId)
  if (!found) throw new Error('no organisation')
  const organisationId = found.organisation.id
  const viewer = (who: { userId: string }, email: string, role: ClientViewer['organisationRole']): ClientViewer => ({
    kind: 'client',
    userId: who.userId,
    email,
    organisationId,
    organisationRole: role,
  })
  const staffActor = { userId: staff2.userId, email: staff2.email }
  const people = []
  for (const n of [1, 2]) {
    const email = `member${counter}-${n}@${name}.example`
    const member = await account(email, 'client')
    await addPerson(database.db, staffActor, { organisationId, personId: member.personId, role: 'member' })
    people.push(viewer(member, email, 'member'))
  }
  const [memberA, memberB] = people as [ClientViewer, ClientViewer]
  return { organisationId, owner: viewer(owner, `owner${counter}@${name}.example`, 'owner'), memberA, memberB }
}

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}

const ticketInput = (subject = 'The printer in the front office does not print') => ({
  subject,
  body: 'It shows a paper jam, but there is no paper stuck.',
  category: 'managed_it' as const,
  priority: 'normal' as const,
})

describe(`support tickets on ${backend}`, () => {
  it('staff open a ticket for a person of an organisation: theirs to see, e-mailed to them as a reply is', async () => {
    const { organisationId, memberA, memberB } = await office('initech')
    const other = await office('hooli')
    // The requester must be one of the organisation's people; a stranger's id is refused by field.
    const stranger = await refusal(
      openTicket(deps, staff, { ...ticketInput(), organisationId, requesterUserId: other.memberA.userId }),
    )
    expect(stranger.kind).toBe('invalid')
    expect(stranger.message).toBe('Choose a person of that organisation.')
    const before = (await queuedMails(database)).length
    const ticket = await openTicket(deps, staff, {
      ...ticketInput('Your new laptop is ready to set up'),
      organisationId,
      requesterUserId: memberA.userId,
    })
    expect(ticket.organisationId).toBe(organisationId)
    expect(ticket.requesterUserId).toBe(memberA.userId)
    expect((await ticketsForActor(database.db, memberA)).rows.map((t) => t.id)).toContain(ticket.id)
    expect((await ticketsForActor(database.db, memberB)).rows.map((t) => t.id)).not.toContain(ticket.id)
    // The list's last reply is the staff's description (its subquery once read the message's own id).
    const listed = (await ticketsForActor(database.db, memberA)).rows.find((t) => t.id === ticket.id)
    expect(listed?.lastReplyBy).toBe('staff')
    expect(listed?.lastReplyAt).toBeInstanceOf(Date)
    const thread = await ticketThread(database.db, memberA, ticket.id)
    expect(thread.messages.map((m) => [m.authorKind, m.body])).toEqual([
      ['staff', 'It shows a paper jam, but there is no paper stuck.'],
    ])
    const mails = (await queuedMails(database)).slice(before)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.to).toEqual([memberA.email])
    expect(mails[0]?.subject).toBe(`[#${ticketNumberText(ticket.number)}] Your new laptop is ready to set up`)
    expect(mails[0]?.replyTo).toBe(replyAddress(settings.address, ticket.replyToken))
    expect(mails[0]?.text).toContain('It shows a paper jam')
    // Opened for nobody in particular: nobody to e-mail.
    await openTicket(deps, staff, { ...ticketInput('Patch night'), organisationId })
    expect(await queuedMails(database)).toHaveLength(before + 1)
  })

  it('opens a ticket with a number, a reply token and its first message, seen by the right people', async () => {
    const { owner, memberA, memberB } = await office('acme')
    const other = await office('globex')
    const ticket = await openTicket(deps, memberA, ticketInput())
    expect(ticket.status).toBe('new')
    expect(ticket.requesterUserId).toBe(memberA.userId)
    expect(ticketNumberText(ticket.number)).toMatch(/^T-\d{6}$/)
    expect(ticket.replyToken).toMatch(/^[a-z2-7]{32}$/)
    expect((await ticketByReplyToken(database.db, ticket.replyToken))?.id).toBe(ticket.id)

    // The requester, the owner and staff see it; another member and another organisation do not.
    expect((await ticketThread(database.db, memberA, ticket.id)).messages).toHaveLength(1)
    expect((await ticketThread(database.db, owner, ticket.id)).ticket.id).toBe(ticket.id)
    expect((await ticketThread(database.db, staff, ticket.id)).ticket.id).toBe(ticket.id)
    expect((await refusal(ticketThread(database.db, memberB, ticket.id))).kind).toBe('not_found')
    expect((await refusal(ticketThread(database.db, other.owner, ticket.id))).kind).toBe('not_found')
    expect((await refusal(ticketThread(database.db, other.owner, 'not-a-uuid'))).kind).toBe('not_found')

    const ownList = await ticketsForActor(database.db, owner)
    expect(ownList.rows.map((r) => r.id)).toContain(ticket.id)
    expect((await ticketsForActor(database.db, memberB)).rows.map((r) => r.id)).not.toContain(ticket.id)
    expect((await ticketsForActor(database.db, other.owner)).rows.map((r) => r.id)).not.toContain(ticket.id)

    // Copied, the other member sees it and it is in their list.
    expect(await copyPerson(deps, memberA, { ticketId: ticket.id, userId: memberB.userId })).toEqual({ added: true })
    expect((await ticketThread(database.db, memberB, ticket.id)).participants.map((p) => p.userId)).toEqual([
      memberB.userId,
    ])
    expect((await ticketsForActor(database.db, memberB)).rows.map((r) => r.id)).toContain(ticket.id)
    // Someone of another organisation cannot be copied.
    const refused = await refusal(copyPerson(deps, memberA, { ticketId: ticket.id, userId: other.owner.userId }))
    expect(refused.kind).toBe('invalid')
  })

  it('refuses a ticket without a subject, an unknown category, or a file it does not accept', async () => {
    const { memberA } = await office('initech')
    expect((await refusal(openTicket(deps, memberA, { ...ticketInput(), subject: '  ' }))).kind).toBe('invalid')
    expect((await refusal(openTicket(deps, memberA, { ...ticketInput(), category: 'plumbing' as never }))).kind).toBe(
      'invalid',
    )
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const error = await refusal(
      openTicket(deps, memberA, { ...ticketInput(), attachments: [{ fileName: 'logo.png', content: svg }] }),
    )
    expect(error.message).toContain('logo.png is not a file we accept')
    const tooMany = Array.from({ length: 6 }, (_, i) => ({ fileName: `log${i}.txt`, content: Buffer.from('line\n') }))
    expect((await refusal(openTicket(deps, memberA, { ...ticketInput(), attachments: tooMany }))).message).toContain(
      'at most 5',
    )
  })

  it('keeps a file by its sniffed type and its name for display only', async () => {
    const { memberA } = await office('hooli')
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    const ticket = await openTicket(deps, memberA, {
      ...ticketInput(),
      attachments: [
        { fileName: '../../etc/screen.exe', content: png },
        { fileName: 'event.log', content: Buffer.from('12:00 error: spooler stopped\n') },
      ],
    })
    const files = await database.db
      .select()
      .from(supportTicketAttachments)
      .where(eq(supportTicketAttachments.ticketId, ticket.id))
      .orderBy(supportTicketAttachments.fileName)
    expect(files.map((f) => [f.fileName, f.contentType])).toEqual([
      ['event.log', 'text/plain'],
      ['screen.exe', 'image/png'],
    ])
    expect(files[1]?.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('e-mails a public staff reply from the ticket address with thread headers, never an internal note', async () => {
    const { memberA, memberB } = await office('umbrella')
    const ticket = await openTicket(deps, memberA, ticketInput('VPN drops every hour'))
    await copyPerson(deps, staff, { ticketId: ticket.id, userId: memberB.userId })
    const before = (await queuedMails(database)).length

    const note = await addReply(deps, {
      ticketId: ticket.id,
      author: staff,
      body: 'Their firewall is the old one; check the lease.',
      visibility: 'internal',
    })
    expect(note.mailId).toBeNull()
    expect((await queuedMails(database)).length).toBe(before)
    // The note is the staff's: never in the client's thread.
    const seen = await ticketThread(database.db, memberA, ticket.id)
    expect(seen.messages.map((m) => m.body)).not.toContain('Their firewall is the old one; check the lease.')
    expect((await ticketThread(database.db, staff, ticket.id)).messages).toHaveLength(2)

    const first = await addReply(deps, { ticketId: ticket.id, author: staff, body: 'We are looking at it now.' })
    expect(first.ticket.status).toBe('open')
    expect(first.ticket.firstRespondedAt).not.toBeNull()
    const second = await addReply(deps, { ticketId: ticket.id, author: staff, body: 'Please restart the router.' })
    const mails = (await queuedMails(database)).slice(before)
    expect(mails).toHaveLength(2)
    const [mail1, mail2] = mails
    const address = replyAddress(settings.address, ticket.replyToken)
    expect(address).toBe(`support+${ticket.replyToken}@ramapo-it.example`)
    expect(mail1?.subject).toBe(`[#${ticketNumberText(ticket.number)}] VPN drops every hour`)
    expect(mail1?.replyTo).toBe(address)
    expect(mail1?.thread?.from).toBe(address)
    expect(new Set(mail1?.to)).toEqual(new Set([memberA.email, memberB.email]))
    expect(mail1?.text).not.toContain('firewall')
    const [stored1] = await database.db
      .select({ id: supportTicketMessages.emailMessageId })
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.id, first.message.id))
    expect(mail1?.thread?.messageId).toBe(`<ticket-${first.message.id}@ramapo-it.example>`)
    expect(stored1?.id).toBe(mail1?.thread?.messageId)
    expect(mail2?.thread?.inReplyTo).toBe(mail1?.thread?.messageId)
    expect(mail2?.thread?.references).toEqual([mail1?.thread?.messageId])
    expect(second.mailId).not.toBeNull()

    // Staff actions are audited with the ticket's number.
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, ticket.id), eq(auditLog.action, 'ticket.reply')))
    expect(audits).toHaveLength(2)
    expect(audits[0]?.subjectName).toBe(`${ticketNumberText(ticket.number)} · VPN drops every hour`)
    // A client may not write an internal note.
    const refused = await refusal(
      addReply(deps, { ticketId: ticket.id, author: memberA, body: 'secret', visibility: 'internal' }),
    )
    expect(refused.kind).toBe('forbidden')
  })

  it('reopens a resolved ticket on a client reply within 7 days, and opens a linked one later', async () => {
    const { memberA } = await office('stark')
    const ticket = await openTicket(deps, memberA, ticketInput('Outlook asks for the password again'))
    const resolved = await changeStatus(deps, memberA, { ticketId: ticket.id, status: 'resolved' })
    expect(resolved.resolvedAt).not.toBeNull()
    const again = await addReply(deps, { ticketId: ticket.id, author: memberA, body: 'It is back.' })
    expect(again.reopened).toBe(true)
    expect(again.ticket.id).toBe(ticket.id)
    expect(again.ticket.status).toBe('open')

    await changeStatus(deps, staff, { ticketId: ticket.id, status: 'resolved' })
    await database.db
      .update(supportTickets)
      .set({ resolvedAt: sql`now() - interval '8 days'` })
      .where(eq(supportTickets.id, ticket.id))
    const late = await addReply(deps, { ticketId: ticket.id, author: memberA, body: 'Same again, weeks later.' })
    expect(late.reopened).toBe(false)
    expect(late.followUpOf?.id).toBe(ticket.id)
    expect(late.ticket.id).not.toBe(ticket.id)
    expect(late.ticket.previousTicketId).toBe(ticket.id)
    expect(late.ticket.status).toBe('new')
    const [old] = await database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id))
    expect(old?.status).toBe('resolved')
    const thread = await ticketThread(database.db, memberA, late.ticket.id)
    expect(thread.previous?.number).toBe(ticket.number)
    expect(thread.messages.map((m) => m.body)).toEqual(['Same again, weeks later.'])
    const kinds = (await ticketEvents(database.db, ticket.id)).map((e) => e.kind)
    expect(kinds).toEqual(['opened', 'status', 'reopened', 'status'])
  })

  it('moves statuses by the table, at the page version, and a client only to resolved', async () => {
    const { memberA } = await office('wayne')
    const ticket = await openTicket(deps, memberA, ticketInput())
    expect((await refusal(changeStatus(deps, memberA, { ticketId: ticket.id, status: 'closed' }))).kind).toBe(
      'conflict',
    )
    const waiting = await changeStatus(deps, staff, {
      ticketId: ticket.id,
      status: 'waiting_on_client',
      version: ticket.version,
    })
    const stale = await refusal(
      changeStatus(deps, staff, { ticketId: ticket.id, status: 'open', version: ticket.version }),
    )
    expect(stale.kind).toBe('conflict')
    expect(stale.message).toContain('Someone else changed this ticket')
    // The client's answer takes it off "waiting on client".
    const answered = await addReply(deps, { ticketId: ticket.id, author: memberA, body: 'Done, still jammed.' })
    expect(answered.ticket.status).toBe('open')
    expect(answered.ticket.version).toBe(waiting.version + 1)
    await changeStatus(deps, staff, { ticketId: ticket.id, status: 'closed' })
    expect((await refusal(changeStatus(deps, staff, { ticketId: ticket.id, status: 'open' }))).kind).toBe('conflict')
    const events = await database.db
      .select()
      .from(supportTicketEvents)
      .where(and(eq(supportTicketEvents.ticketId, ticket.id), eq(supportTicketEvents.kind, 'status')))
    expect(events.map((e) => `${e.fromValue}→${e.toValue}`)).toEqual([
      'new→waiting_on_client',
      'waiting_on_client→open',
      'open→closed',
    ])
  })

  it('assigns, sets the priority and adds time, each in the history and the audit log', async () => {
    const { memberA } = await office('cyberdyne')
    const ticket = await openTicket(deps, memberA, ticketInput())
    const assigned = await assign(deps, staff, { ticketId: ticket.id, assigneeUserId: staff2.userId })
    expect(assigned.assigneeUserId).toBe(staff2.userId)
    expect((await refusal(assign(deps, staff, { ticketId: ticket.id, assigneeUserId: memberA.userId }))).kind).toBe(
      'invalid',
    )
    const list = await ticketsForActor(database.db, memberA)
    expect(list.rows.find((r) => r.id === ticket.id)?.assigneeName).toBe('lead')
    const urgent = await setPriority(deps, staff, { ticketId: ticket.id, priority: 'urgent' })
    expect(urgent.priority).toBe('urgent')
    await addTime(deps, staff, { ticketId: ticket.id, minutes: 25 })
    const timed = await addTime(deps, staff, { ticketId: ticket.id, minutes: 20 })
    expect(timed.timeSpentMinutes).toBe(45)
    expect((await refusal(addTime(deps, staff, { ticketId: ticket.id, minutes: 0 }))).kind).toBe('invalid')
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.subjectId, ticket.id))).map(
      (a) => a.action,
    )
    expect(actions).toEqual(['ticket.assign', 'ticket.priority', 'ticket.time', 'ticket.time'])
  })

  it('merges a duplicate: closed, pointing at the other, its people copied, replies landing there', async () => {
    const { memberA, memberB } = await office('tyrell')
    const other = await office('soylent')
    const target = await openTicket(deps, memberA, ticketInput('Email is down'))
    const duplicate = await openTicket(deps, memberB, ticketInput('No e-mail since 9'))
    const foreign = await openTicket(deps, other.memberA, ticketInput('Email is down too'))
    expect((await refusal(mergeTicket(deps, staff, { ticketId: duplicate.id, intoTicketId: foreign.id }))).kind).toBe(
      'invalid',
    )
    const merged = await mergeTicket(deps, staff, { ticketId: duplicate.id, intoTicketId: target.id })
    expect(merged.status).toBe('closed')
    expect(merged.mergedIntoTicketId).toBe(target.id)
    const targetThread = await ticketThread(database.db, memberB, target.id)
    expect(targetThread.participants.map((p) => p.userId)).toEqual([memberB.userId])
    const reply = await addReply(deps, { ticketId: duplicate.id, author: memberB, body: 'Any news?' })
    expect(reply.ticket.id).toBe(target.id)
    expect(reply.followUpOf).toBeNull()
  })

  it('takes one rating after resolution', async () => {
    const { memberA } = await office('oscorp')
    const ticket = await openTicket(deps, memberA, ticketInput())
    expect((await refusal(rate(deps, memberA, { ticketId: ticket.id, rating: 'good' }))).kind).toBe('conflict')
    await changeStatus(deps, staff, { ticketId: ticket.id, status: 'resolved' })
    const rated = await rate(deps, memberA, { ticketId: ticket.id, rating: 'bad', comment: 'Took two days.' })
    expect([rated.rating, rated.ratingComment]).toEqual(['bad', 'Took two days.'])
    expect((await refusal(rate(deps, memberA, { ticketId: ticket.id, rating: 'good' }))).kind).toBe('conflict')
  })

  it('takes an e-mail once by its Message-ID', async () => {
    const { memberA } = await office('aperture')
    const ticket = await openTicket(deps, memberA, {
      ...ticketInput(),
      source: 'email',
      emailMessageId: '<a1@mail.example>',
    })
    const again = await refusal(
      addReply(deps, {
        ticketId: ticket.id,
        author: memberA,
        body: 'x',
        source: 'email',
        emailMessageId: '<a1@mail.example>',
      }),
    )
    expect(again.kind).toBe('conflict')
    const unknown = await addReply(deps, {
      ticketId: ticket.id,
      author: { kind: 'email_unknown', email: 'Someone@Elsewhere.example' },
      body: 'Forwarded from the landlord.',
      source: 'email',
      emailMessageId: '<a2@mail.example>',
    })
    expect(unknown.message.authorEmail).toBe('someone@elsewhere.example')
  })

  it("copies a colleague who answers the ticket's e-mail; refuses one of another organisation", async () => {
    const { memberA, memberB } = await office('massive')
    const other = await office('dynamic')
    const ticket = await openTicket(deps, memberA, ticketInput())
    // In the portal the colleague does not see it; by e-mail (the thread was forwarded to them) they join it.
    expect((await refusal(addReply(deps, { ticketId: ticket.id, author: memberB, body: 'Me too.' }))).kind).toBe(
      'not_found',
    )
    const joined = await addReply(deps, {
      ticketId: ticket.id,
      author: memberB,
      body: 'Me too.',
      source: 'email',
      emailMessageId: '<b1@mail.example>',
    })
    expect(joined.ticket.id).toBe(ticket.id)
    expect((await ticketThread(database.db, memberB, ticket.id)).participants.map((p) => p.userId)).toEqual([
      memberB.userId,
    ])
    const foreign = await refusal(
      addReply(deps, {
        ticketId: ticket.id,
        author: other.owner,
        body: 'Hi',
        source: 'email',
        emailMessageId: '<b2@x>',
      }),
    )
    expect(foreign.kind).toBe('not_found')
  })
})
