// Incoming support e-mail: 1,000 messages read from a real IMAP server (a throwaway Dovecot, as the
// tests start it) and processed into tickets on PGlite, the way the server's reader does it
// (docs/support.md#e-mail). Target: the 1,000 in under 60 s.
//
//   npm exec -- tsx scripts/bench/support-mail.ts [--messages 1000] [--out result.json]
//
// Seeds 20 organisations (an owner and a member each) and --tickets open tickets (100), each with a staff reply
// (so In-Reply-To can find it), then APPENDs the mix below to the mailbox and times one reader turn
// (fetch, store raw, mark \Seen) and the processing of everything stored, separately and together.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { imapSettingsOf } from '../../server/config.server.ts'
import { openDatabase } from '../../server/db/client.server.ts'
import {
  clientOnboarding,
  supportInboundMessages,
  supportTicketMessages,
  user,
} from '../../server/db/schema/index.server.ts'
import { organisationOfPerson } from '../../server/organisations/organisations.server.ts'
import { addPerson } from '../../server/organisations/people.server.ts'
import { processStoredMessages } from '../../server/support/inbound/process.server.ts'
import { imapClient, readNewMessages } from '../../server/support/inbound/reader.server.ts'
import { replyAddress } from '../../server/support/mail.server.ts'
import { addReply, type ClientViewer, openTicket, type StaffViewer } from '../../server/support/tickets.server.ts'
import { startDovecot } from '../../tests/setup/dovecot.ts'

export type SupportMailResult = {
  backend: 'pglite'
  messages: number
  readSeconds: number
  processSeconds: number
  totalSeconds: number
  /** This process's CPU time over the same span (PGlite runs in it): the wall time a busy machine stretches. */
  cpuSeconds: number
  perSecond: number
  targetSeconds: number
  met: boolean
  states: Record<string, number>
}

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000' },
    // Open tickets seeded for the messages to answer (the smoke run: as many as its messages, 50).
    tickets: { type: 'string', default: '100' },
    out: { type: 'string' },
  },
})
const total = Math.max(10, Number(args.messages) || 1000)
const ticketCount = Math.max(20, Number(args.tickets) || 100)
const log = pino({ level: 'silent' })
const address = 'support@ramapo-it.example'

const database = await openDatabase({ dataDir: 'memory', log })
await database.migrate()
const dovecot = await startDovecot({ users: ['support'] })
try {
  const db = database.db
  const account = async (email: string, role: 'client' | 'admin') => {
    const [person] = await db
      .insert(clientOnboarding)
      .values({ email, fullName: email.split('@')[0] ?? email, role, status: 'approved' })
      .returning({ id: clientOnboarding.id })
    const [row] = await db.insert(user).values({ email, name: email, emailVerified: true }).returning({ id: user.id })
    if (!person || !row) throw new Error('no account')
    return { personId: person.id, userId: row.id }
  }
  const admin = await account('lead@ramapo-it.example', 'admin')
  const staff: StaffViewer = { kind: 'staff', userId: admin.userId, email: 'lead@ramapo-it.example' }
  const deps = { db, outbox: null, mail: { address, publicUrl: 'http://portal.test' } }
  const members: ClientViewer[] = []
  for (let i = 0; i < 20; i++) {
    const owner = await account(`owner@office${i}.test`, 'client')
    const found = await organisationOfPerson(db, owner.personId)
    if (!found) throw new Error('no organisation')
    const member = await account(`member@office${i}.test`, 'client')
    await addPerson(db, staff, { organisationId: found.organisation.id, personId: member.personId, role: 'member' })
    members.push({
      kind: 'client',
      userId: member.userId,
      email: `member@office${i}.test`,
      organisationId: found.organisation.id,
      organisationRole: 'member',
    })
  }
  const tickets: { id: string; number: number; token: string; member: ClientViewer; sent: string }[] = []
  for (let i = 0; i < ticketCount; i++) {
    const member = members[i % members.length] as ClientViewer
    const ticket = await openTicket(deps, member, {
      subject: `Ticket ${i}`,
      body: 'Something is broken.',
      category: 'managed_it',
      priority: 'normal',
    })
    const sent = `<bench-staff-${i}@ramapo-it.example>`
    await addReply(deps, { ticketId: ticket.id, author: staff, body: 'Try this.', emailMessageId: sent })
    tickets.push({ id: ticket.id, number: ticket.number, token: ticket.replyToken, member, sent })
  }

  const raw = (i: number): string => {
    const ticket = tickets[i % tickets.length] as (typeof tickets)[number]
    const kind = i % 20
    const from = kind < 17 ? ticket.member.email : kind < 19 ? `stranger${i}@unknown.test` : ticket.member.email
    const headers = [
      `Authentication-Results: mx.ramapo-it.example; dmarc=pass header.from=${from.split('@')[1]}`,
      `From: ${from}`,
      `Message-ID: <bench-${i}@${from.split('@')[1]}>`,
      'Date: Fri, 27 Nov 2026 09:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
    ]
    // 8 in 20 by the reply token, 4 by In-Reply-To, 2 by the subject, 3 new tickets, 2 to triage, 1 auto-reply.
    if (kind < 8) headers.push(`To: ${replyAddress(address, ticket.token)}`, `Subject: RE: Ticket ${i}`)
    else if (kind < 12) headers.push(`To: ${address}`, `Subject: RE: Ticket ${i}`, `In-Reply-To: ${ticket.sent}`)
    else if (kind < 14) headers.push(`To: ${address}`, `Subject: RE: [#T-${String(ticket.number).padStart(6, '0')}]`)
    else if (kind < 17) headers.push(`To: ${address}`, `Subject: New problem ${i}`)
    else if (kind < 19) headers.push(`To: ${address}`, `Subject: Do you fix printers? ${i}`)
    else
      headers.push(
        `To: ${replyAddress(address, ticket.token)}`,
        'Subject: Out of Office',
        'Auto-Submitted: auto-replied',
      )
    return `${headers.join('\r\n')}\r\n\r\nMessage ${i}: it works now, thanks.\r\n\r\nOn Fri, Ramapo IT wrote:\r\n> Try this.\r\n`
  }
  const appender = await dovecot.client('support')
  for (let i = 0; i < total; i++) await appender.append('INBOX', raw(i))
  await appender.logout()

  const settings = imapSettingsOf(dovecot.imapUrl('support'))
  if (!settings) throw new Error('bad IMAP URL')
  const started = performance.now()
  const cpuAtStart = process.cpuUsage()
  const client = imapClient(settings)
  await client.connect()
  const lock = await client.getMailboxLock('INBOX')
  const read = await readNewMessages(client, database)
  lock.release()
  await client.logout()
  const readDone = performance.now()
  const counts = await processStoredMessages({ ...deps, log })
  const finished = performance.now()
  const cpu = process.cpuUsage(cpuAtStart)

  const stored = await db.select({ state: supportInboundMessages.state }).from(supportInboundMessages)
  const states: Record<string, number> = {}
  for (const row of stored) states[row.state] = (states[row.state] ?? 0) + 1
  const posted = await db
    .select({ id: supportTicketMessages.id })
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.source, 'email'))
  if (read.stored !== total || (states.stored ?? 0) > 0 || counts.failed > 0) {
    throw new Error(`not every message was processed: ${JSON.stringify({ read, states, counts })}`)
  }
  const totalSeconds = (finished - started) / 1000
  const result: SupportMailResult = {
    backend: 'pglite',
    messages: total,
    readSeconds: Number(((readDone - started) / 1000).toFixed(2)),
    processSeconds: Number(((finished - readDone) / 1000).toFixed(2)),
    totalSeconds: Number(totalSeconds.toFixed(2)),
    cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
    perSecond: Number((total / totalSeconds).toFixed(1)),
    targetSeconds: 60,
    met: totalSeconds < 60 * (total / 1000),
    states: { ...states, postedToThreads: posted.length },
  }
  console.log(JSON.stringify(result, null, 2))
  if (args.out) fs.writeFileSync(args.out, JSON.stringify(result, null, 2))
} finally {
  await dovecot.stop()
  await database.close()
}
