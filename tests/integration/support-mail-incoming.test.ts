// Incoming support e-mail end to end below the HTTP layer (docs/support.md#e-mail): messages are
// APPENDed to a real IMAP server (Dovecot), read by the reader, stored raw, and processed into
// tickets on the suite's database: the threading order and each way of failing it, auto-replies and
// bounces, a spoofed sender, an unknown sender to triage and staff's triage, a message processed
// twice, and a reader stopped between storing and marking done.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ticketNumberText } from '../../app/features/support/catalogue.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { imapSettingsOf } from '../../server/config.server.ts'
import {
  auditLog,
  clientOnboarding,
  supportInboundMessages,
  supportTicketMessages,
  supportTickets,
  user,
} from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { organisationOfPerson } from '../../server/organisations/organisations.server.ts'
import { addPerson } from '../../server/organisations/people.server.ts'
import { processInboundMessage, processStoredMessages } from '../../server/support/inbound/process.server.ts'
import { imapClient, readNewMessages } from '../../server/support/inbound/reader.server.ts'
import { storeRawMessage } from '../../server/support/inbound/store.server.ts'
import {
  attachMailToTicket,
  discardMail,
  listTriage,
  openTicketFromMail,
} from '../../server/support/inbound/triage.server.ts'
import { replyAddress } from '../../server/support/mail.server.ts'
import {
  addReply,
  type ClientViewer,
  openTicket,
  type StaffViewer,
  type SupportDeps,
  ticketsForActor,
} from '../../server/support/tickets.server.ts'
import { startDovecot, type TestDovecot } from '../setup/dovecot.ts'
import { queuedMails, queueOnlyOutbox } from './helpers/billing.ts'
import { backend, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase
let dovecot: TestDovecot
let outbox: Outbox
let deps: SupportDeps
let staff: StaffViewer

const settings = { address: 'support@ramapo-it.example', publicUrl: 'http://portal.test' }
const pass = 'mx.ramapo-it.example; spf=pass smtp.mailfrom={d}; dkim=pass header.d={d}; dmarc=pass header.from={d}'
const fail = 'mx.ramapo-it.example; spf=fail smtp.mailfrom={d}; dkim=none; dmarc=fail (p=reject) header.from={d}'

// A migrated database and a Dovecot: minutes on a loaded machine, not a hang.
beforeAll(async () => {
  ;[database, dovecot] = await Promise.all([openTestDatabase(), startDovecot({ users: ['support'] })])
  outbox = await queueOnlyOutbox(database)
  deps = { db: database.db, outbox, mail: settings }
  const { userId } = await account('tech@ramapo-it.example', 'admin')
  staff = { kind: 'staff', userId, email: 'tech@ramapo-it.example' }
}, 180_000)
afterAll(async () => {
  await outbox?.stop()
  await dovecot?.stop()
  await database?.cleanup()
})

async function account(email: string, role: 'client' | 'employee' | 'admin') {
  const [person] = await database.db
    .insert(clientOnboarding)
    .values({ email, fullName: email.split('@')[0] ?? email, role, status: 'approved' })
    .returning({ id: clientOnboarding.id })
  const [row] = await database.db
    .insert(user)
    .values({ email, name: email.split('@')[0] ?? email, emailVerified: true })
    .returning({ id: user.id })
  if (!person || !row) throw new Error('no account')
  return { personId: person.id, userId: row.id }
}

/** An organisation: its owner and a member, both client people with accounts. */
async function office(domain: string) {
  const ownerEmail = `owner@${domain}`
  const owner = await account(ownerEmail, 'client')
  const found = await organisationOfPerson(database.db, owner.personId)
  if (!found) throw new Error('no organisation')
  const organisationId = found.organisation.id
  const memberEmail = `member@${domain}`
  const member = await account(memberEmail, 'client')
  await addPerson(database.db, staff, { organisationId, personId: member.personId, role: 'member' })
  const viewer = (who: { userId: string }, email: string, role: ClientViewer['organisationRole']): ClientViewer => ({
    kind: 'client',
    userId: who.userId,
    email,
    organisationId,
    organisationRole: role,
  })
  return {
    organisationId,
    domain,
    owner: viewer(owner, ownerEmail, 'owner'),
    member: viewer(member, memberEmail, 'member'),
  }
}

async function ticketOf(opener: ClientViewer, subject = 'The printer prints blank pages') {
  return openTicket(deps, opener, {
    subject,
    body: 'Since this morning.',
    category: 'managed_it',
    priority: 'normal',
  })
}

/** A staff reply e-mailed to the client: its Message-ID, as the reply carried it. */
async function staffReply(ticketId: string): Promise<string> {
  const outcome = await addReply(deps, { ticketId, author: staff, body: 'Please restart it.' })
  const [stored] = await database.db
    .select({ emailMessageId: supportTicketMessages.emailMessageId })
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.id, outcome.message.id))
  if (!stored?.emailMessageId) throw new Error('the staff reply has no Message-ID')
  return stored.emailMessageId
}

let sequence = 0
function mail(options: {
  from: string
  to?: string
  subject?: string
  inReplyTo?: string
  references?: string
  auth?: string
  headers?: string[]
  body?: string
  contentType?: string
  messageId?: string
}): { raw: string; messageId: string } {
  sequence += 1
  const messageId = options.messageId ?? `<m${sequence}.${Date.now()}@${options.from.split('@')[1]}>`
  const domain = options.from.split('@')[1] ?? ''
  const lines = [
    ...(options.auth ? [`Authentication-Results: ${options.auth.replaceAll('{d}', domain)}`] : []),
    `From: ${options.from}`,
    `To: ${options.to ?? settings.address}`,
    `Subject: ${options.subject ?? 'Hello'}`,
    `Message-ID: ${messageId}`,
    'Date: Fri, 27 Nov 2026 09:00:00 +0000',
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`] : []),
    ...(options.references ? [`References: ${options.references}`] : []),
    ...(options.headers ?? []),
    'MIME-Version: 1.0',
    `Content-Type: ${options.contentType ?? 'text/plain; charset=utf-8'}`,
    '',
    options.body ?? 'It works again, thank you.\r\n\r\nOn Fri, 27 Nov 2026, Ramapo IT wrote:\r\n> Please restart it.',
    '',
  ]
  return { raw: lines.join('\r\n'), messageId }
}

/** Delivers messages to the mailbox, then one turn of the reader: read, store, mark done, process. */
async function deliver(...messages: { raw: string }[]) {
  for (const message of messages) await dovecot.append('support', message.raw)
  const imapSettings = imapSettingsOf(dovecot.imapUrl('support'))
  if (!imapSettings) throw new Error('bad test IMAP URL')
  const client = imapClient(imapSettings)
  await client.connect()
  try {
    const lock = await client.getMailboxLock('INBOX')
    try {
      await readNewMessages(client, database)
    } finally {
      lock.release()
    }
  } finally {
    await client.logout().catch(() => undefined)
  }
  await processStoredMessages({ ...deps, log: silentLogger() })
}

async function inbound(messageId: string) {
  const [row] = await database.db
    .select()
    .from(supportInboundMessages)
    .where(eq(supportInboundMessages.messageId, messageId))
  if (!row) throw new Error(`${messageId} was not stored`)
  return row
}

async function threadMessage(messageId: string) {
  return database.db.select().from(supportTicketMessages).where(eq(supportTicketMessages.emailMessageId, messageId))
}

describe(`incoming support e-mail on ${backend}`, () => {
  it('threads by the reply token first, and the reply part alone lands in the thread as the client', async () => {
    const acme = await office('acme.test')
    const ticket = await ticketOf(acme.member)
    const other = await ticketOf(acme.member, 'Another ticket')
    const otherReply = await staffReply(other.id)
    // The token names the first ticket; In-Reply-To and the subject name the other one.
    const message = mail({
      from: acme.member.email,
      to: replyAddress(settings.address, ticket.replyToken),
      subject: `RE: [#${ticketNumberText(other.number)}] Another ticket`,
      inReplyTo: otherReply,
      auth: pass,
    })
    await deliver(message)
    const [posted] = await threadMessage(message.messageId)
    expect(posted).toMatchObject({
      ticketId: ticket.id,
      authorKind: 'client',
      authorUserId: acme.member.userId,
      source: 'email',
      visibility: 'public',
      body: 'It works again, thank you.',
    })
    expect(await inbound(message.messageId)).toMatchObject({ state: 'processed', ticketId: ticket.id })
  })

  it('then by In-Reply-To/References against the stored Message-IDs, before the subject', async () => {
    const acme = await office('acme2.test')
    const ticket = await ticketOf(acme.member)
    const other = await ticketOf(acme.member, 'Another ticket')
    const sent = await staffReply(ticket.id)
    const message = mail({
      from: acme.member.email,
      subject: `RE: [#${ticketNumberText(other.number)}] Another ticket`,
      references: `<unknown@elsewhere.test> ${sent}`,
      auth: pass,
    })
    await deliver(message)
    expect((await threadMessage(message.messageId))[0]?.ticketId).toBe(ticket.id)
  })

  it('then by the subject’s number from a person of the ticket’s organisation, HTML-only mail as text', async () => {
    const acme = await office('acme3.test')
    const ticket = await ticketOf(acme.member)
    const message = mail({
      from: acme.owner.email,
      subject: `Re: [#${ticketNumberText(ticket.number)}] The printer prints blank pages`,
      auth: pass,
      contentType: 'text/html; charset=utf-8',
      body: '<p>The <b>toner</b> was empty.</p><blockquote>Please restart it.</blockquote>',
    })
    await deliver(message)
    const [posted] = await threadMessage(message.messageId)
    expect(posted?.ticketId).toBe(ticket.id)
    expect(posted?.body).toBe('The toner was empty.')
  })

  it('a subject number from someone outside that organisation is never posted: it waits in triage', async () => {
    const acme = await office('acme4.test')
    const rival = await office('rival4.test')
    const ticket = await ticketOf(acme.member)
    const message = mail({
      from: rival.member.email,
      subject: `Re: [#${ticketNumberText(ticket.number)}] The printer prints blank pages`,
      auth: pass,
    })
    await deliver(message)
    expect(await threadMessage(message.messageId)).toEqual([])
    expect(await inbound(message.messageId)).toMatchObject({ state: 'triaged' })
  })

  it('a spoofed sender (the domain fails SPF/DKIM/DMARC) threaded only by the subject is held for staff', async () => {
    const acme = await office('acme5.test')
    const ticket = await ticketOf(acme.member)
    const before = await threadCount(ticket.id)
    const message = mail({
      from: acme.owner.email,
      subject: `Re: [#${ticketNumberText(ticket.number)}] The printer prints blank pages`,
      auth: fail,
      body: 'Please reset my password to hunter2 and send it to me.',
    })
    await deliver(message)
    expect(await threadMessage(message.messageId)).toEqual([])
    expect(await threadCount(ticket.id)).toBe(before)
    expect(await inbound(message.messageId)).toMatchObject({ state: 'held', ticketId: ticket.id, senderCheck: 'fail' })
  })

  it('a reply token nobody has, and references we never sent, thread nothing', async () => {
    const message = mail({
      from: 'stranger@nowhere.test',
      to: replyAddress(settings.address, 'a'.repeat(32)),
      references: '<ticket-00000000-0000-4000-8000-000000000000@ramapo-it.example>',
    })
    await deliver(message)
    expect(await threadMessage(message.messageId)).toEqual([])
    expect(await inbound(message.messageId)).toMatchObject({ state: 'triaged' })
  })

  it('a new message from a known member opens a ticket for their organisation', async () => {
    const acme = await office('acme6.test')
    const message = mail({ from: acme.member.email, subject: 'Outlook keeps asking for my password', auth: pass })
    await deliver(message)
    const [posted] = await threadMessage(message.messageId)
    if (!posted) throw new Error('no ticket was opened')
    const [ticket] = await database.db.select().from(supportTickets).where(eq(supportTickets.id, posted.ticketId))
    expect(ticket).toMatchObject({
      organisationId: acme.organisationId,
      requesterUserId: acme.member.userId,
      subject: 'Outlook keeps asking for my password',
      status: 'new',
    })
  })

  it('a new message from an unknown sender waits in triage, never in a client’s list', async () => {
    const acme = await office('acme7.test')
    const message = mail({ from: 'someone@unknown-company.test', subject: 'Do you fix printers?' })
    await deliver(message)
    expect(await threadMessage(message.messageId)).toEqual([])
    expect(await inbound(message.messageId)).toMatchObject({
      state: 'triaged',
      fromAddress: 'someone@unknown-company.test',
      subject: 'Do you fix printers?',
    })
    const seen = await ticketsForActor(database.db, acme.owner)
    expect(seen.rows.map((row) => row.subject)).not.toContain('Do you fix printers?')
    const list = await listTriage(database.db, { page: 1 })
    expect(list.items.map((item) => item.subject)).toContain('Do you fix printers?')
  })

  it('auto-replies and bounces never land in a ticket, never open one and are never answered', async () => {
    const acme = await office('acme8.test')
    const ticket = await ticketOf(acme.member)
    const to = replyAddress(settings.address, ticket.replyToken)
    const mailsBefore = (await queuedMails(database)).length
    const before = await threadCount(ticket.id)
    const automatic = [
      mail({
        from: acme.member.email,
        to,
        subject: 'Automatic reply: Printer',
        headers: ['Auto-Submitted: auto-replied'],
      }),
      mail({ from: acme.member.email, to, subject: 'Out of Office: back Monday' }),
      mail({ from: acme.member.email, to, subject: 'Printer', headers: ['Precedence: bulk'] }),
      mail({ from: 'MAILER-DAEMON@mx.acme8.test', to, subject: 'Undelivered Mail Returned to Sender' }),
      mail({
        from: 'postmaster@acme8.test',
        to,
        subject: 'Delivery Status Notification (Failure)',
        contentType: 'multipart/report; report-type=delivery-status; boundary="r"',
        body: '--r\r\nContent-Type: text/plain\r\n\r\nCould not deliver.\r\n--r--',
      }),
      mail({ from: 'someone@unknown.test', subject: 'Hello', headers: ['Return-Path: <>'] }),
    ]
    await deliver(...automatic)
    for (const message of automatic) {
      expect(await inbound(message.messageId)).toMatchObject({ state: 'ignored' })
      expect(await threadMessage(message.messageId)).toEqual([])
    }
    expect(await threadCount(ticket.id)).toBe(before)
    expect((await queuedMails(database)).length).toBe(mailsBefore)
  })

  it('a message that arrives twice is stored once and posted once; processing it again does nothing', async () => {
    const acme = await office('acme9.test')
    const ticket = await ticketOf(acme.member)
    const message = mail({ from: acme.member.email, to: replyAddress(settings.address, ticket.replyToken) })
    await deliver(message, message)
    expect(await threadMessage(message.messageId)).toHaveLength(1)
    const row = await inbound(message.messageId)
    expect(await processInboundMessage(deps, row.id)).toBe('processed')
    expect(await threadMessage(message.messageId)).toHaveLength(1)
  })

  it('a server killed between storing and marking done re-reads the message and posts it once', async () => {
    const acme = await office('acme10.test')
    const ticket = await ticketOf(acme.member)
    const message = mail({ from: acme.member.email, to: replyAddress(settings.address, ticket.replyToken) })
    await dovecot.append('support', message.raw)
    const imapSettings = imapSettingsOf(dovecot.imapUrl('support'))
    if (!imapSettings) throw new Error('bad test IMAP URL')
    const client = imapClient(imapSettings)
    await client.connect()
    const lock = await client.getMailboxLock('INBOX')
    await expect(
      readNewMessages(client, database, {
        afterStore: () => {
          throw new Error('killed')
        },
      }),
    ).rejects.toThrow('killed')
    lock.release()
    // The connection drops with the process.
    client.close()
    expect((await inbound(message.messageId)).state).toBe('stored')

    await deliver()
    expect(await threadMessage(message.messageId)).toHaveLength(1)
    expect((await dovecot.list('support')).find((m) => m.messageId === message.messageId)?.flags.has('\\Seen')).toBe(
      true,
    )
  })

  it('a run that posted but stopped before writing the state only writes the state next time', async () => {
    const acme = await office('acme11.test')
    const ticket = await ticketOf(acme.member)
    const message = mail({ from: acme.member.email, to: replyAddress(settings.address, ticket.replyToken) })
    await storeRawMessage(database.db, Buffer.from(message.raw))
    await addReply(deps, {
      ticketId: ticket.id,
      author: acme.member,
      body: 'It works again, thank you.',
      source: 'email',
      emailMessageId: message.messageId,
    })
    await processStoredMessages({ ...deps, log: silentLogger() })
    expect(await threadMessage(message.messageId)).toHaveLength(1)
    expect(await inbound(message.messageId)).toMatchObject({ state: 'processed', ticketId: ticket.id })
  })

  describe('staff’s triage', () => {
    it('opens a ticket for an organisation from a message, with an audit entry', async () => {
      const acme = await office('acme12.test')
      const message = mail({ from: 'new.person@acme12.test', subject: 'New laptop setup' })
      await deliver(message)
      const row = await inbound(message.messageId)
      const opened = await openTicketFromMail(deps, staff, { messageId: row.id, organisationId: acme.organisationId })
      const [ticket] = await database.db.select().from(supportTickets).where(eq(supportTickets.id, opened.ticketId))
      expect(ticket).toMatchObject({ organisationId: acme.organisationId, subject: 'New laptop setup' })
      expect((await threadMessage(message.messageId))[0]).toMatchObject({
        authorKind: 'email_unknown',
        authorEmail: 'new.person@acme12.test',
      })
      expect(await inbound(message.messageId)).toMatchObject({ state: 'processed', decidedBy: staff.email })
      expect(await auditCount('support_mail.open', row.id)).toBe(1)
      // Decided once: a second decision is refused.
      await expect(discardMail(deps, staff, { messageId: row.id })).rejects.toBeInstanceOf(DomainError)
    })

    it('adds a held message to its ticket, by the ticket’s number', async () => {
      const acme = await office('acme13.test')
      const ticket = await ticketOf(acme.member)
      const message = mail({
        from: acme.owner.email,
        subject: `Re: [#${ticketNumberText(ticket.number)}] The printer prints blank pages`,
        auth: fail,
      })
      await deliver(message)
      const row = await inbound(message.messageId)
      expect(row.state).toBe('held')
      await attachMailToTicket(deps, staff, { messageId: row.id, ticket: ticketNumberText(ticket.number) })
      expect((await threadMessage(message.messageId))[0]?.ticketId).toBe(ticket.id)
      expect(await auditCount('support_mail.attach', row.id)).toBe(1)
      await expect(
        attachMailToTicket(deps, staff, { messageId: row.id, ticket: ticketNumberText(ticket.number) }),
      ).rejects.toBeInstanceOf(DomainError)
    })

    it('discards a message: it stays stored, out of the list, with an audit entry', async () => {
      const message = mail({ from: 'spam@spam.test', subject: 'Cheap toner' })
      await deliver(message)
      const row = await inbound(message.messageId)
      await discardMail(deps, staff, { messageId: row.id })
      expect(await inbound(message.messageId)).toMatchObject({ state: 'discarded' })
      expect(await auditCount('support_mail.discard', row.id)).toBe(1)
      expect((await listTriage(database.db, { page: 1 })).items.map((item) => item.id)).not.toContain(row.id)
    })

    it('refuses an unknown ticket number and a message that is not waiting', async () => {
      const message = mail({ from: 'x@unknown13.test', subject: 'Question' })
      await deliver(message)
      const row = await inbound(message.messageId)
      await expect(attachMailToTicket(deps, staff, { messageId: row.id, ticket: 'T-999999' })).rejects.toMatchObject({
        kind: 'invalid',
      })
      await expect(
        discardMail(deps, staff, { messageId: '00000000-0000-4000-8000-000000000000' }),
      ).rejects.toMatchObject({ kind: 'not_found' })
    })
  })
})

async function threadCount(ticketId: string): Promise<number> {
  return (await database.db.select().from(supportTicketMessages).where(eq(supportTicketMessages.ticketId, ticketId)))
    .length
}

async function auditCount(action: string, subjectId: string): Promise<number> {
  return (
    await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
  ).length
}
