// A staff member's public reply as the client's mail server receives it (a real SMTP receiver):
// the ticket's own address, its Message-ID, the thread's In-Reply-To/References, [#T-000123] in the
// subject; an internal note sends nothing (docs/support.md#channels).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ticketNumberText } from '../../app/features/support/catalogue.ts'
import { clientOnboarding, supportTicketMessages, user } from '../../server/db/schema/index.server.ts'
import { type Outbox, startOutbox } from '../../server/mail/outbox.server.ts'
import { createMailTransport } from '../../server/mail/transport.server.ts'
import { organisationOfPerson } from '../../server/organisations/organisations.server.ts'
import { addReply, type ClientViewer, openTicket, type StaffViewer } from '../../server/support/tickets.server.ts'
import { backend, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { TestSmtpServer } from './helpers/smtp.ts'
import { waitFor } from './helpers/wait.ts'

describe(`a ticket's reply e-mail on ${backend}`, () => {
  let database: TestDatabase
  let smtp: TestSmtpServer
  let outbox: Outbox
  let dataDir: string

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'support-mail-'))
    smtp = new TestSmtpServer()
    await smtp.start()
    database = await openTestDatabase()
    const log = silentLogger()
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      dataDir,
      from: 'Ramapo IT <noreply@ramapo-it.test>',
      log,
    })
    outbox = await startOutbox({ database, transport, log, pollingIntervalSeconds: 0.5 })
  }, 120_000)
  afterAll(async () => {
    await outbox?.stop()
    await smtp?.stop()
    await database?.cleanup()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  async function account(email: string, role: 'client' | 'employee') {
    const [person] = await database.db
      .insert(clientOnboarding)
      .values({ email, fullName: 'Pat Rivera', role, status: 'approved', companyName: 'Rivera Accounting' })
      .returning()
    const [row] = await database.db.insert(user).values({ email, name: 'Pat Rivera', emailVerified: true }).returning()
    if (!person || !row) throw new Error('no account')
    return { personId: person.id, userId: row.id }
  }

  it('comes from the ticket address and answers the thread; a note sends nothing', async () => {
    const client = await account('pat@rivera.example', 'client')
    const tech = await account('tess@ramapo-it.test', 'employee')
    const found = await organisationOfPerson(database.db, client.personId)
    if (!found) throw new Error('no organisation')
    const viewer: ClientViewer = {
      kind: 'client',
      userId: client.userId,
      email: 'pat@rivera.example',
      organisationId: found.organisation.id,
      organisationRole: found.role,
    }
    const staff: StaffViewer = { kind: 'staff', userId: tech.userId, email: 'tess@ramapo-it.test' }
    const deps = { db: database.db, outbox, mail: { address: 'help@ramapo-it.test', publicUrl: 'http://portal.test' } }
    const ticket = await openTicket(deps, viewer, {
      subject: 'Scanner sends nothing',
      body: 'Scan to e-mail stopped on Monday.',
      category: 'managed_it',
      priority: 'normal',
    })
    await addReply(deps, { ticketId: ticket.id, author: staff, body: 'Try the blue button.' })
    await addReply(deps, {
      ticketId: ticket.id,
      author: staff,
      body: 'SMTP relay password expired.',
      visibility: 'internal',
    })
    const second = await addReply(deps, { ticketId: ticket.id, author: staff, body: 'Fixed the relay; try again.' })
    await waitFor('both replies to arrive', () => smtp.received.length >= 2, { timeoutMs: 30_000 })
    // The outbox may send the two at once (several workers on PostgreSQL): tell them by their text.
    const first = smtp.received.find((mail) => mail.text.includes('Try the blue button.'))
    const last = smtp.received.find((mail) => mail.text.includes('Fixed the relay; try again.'))
    const address = `help+${ticket.replyToken}@ramapo-it.test`
    expect(first?.recipients).toEqual(['pat@rivera.example'])
    expect(first?.headers.get('subject')).toBe(`[#${ticketNumberText(ticket.number)}] Scanner sends nothing`)
    expect(first?.headers.get('from')).toContain(address)
    expect(first?.headers.get('reply-to')).toContain(address)
    const firstId = first?.headers.get('message-id') ?? ''
    expect(firstId).toMatch(/^<ticket-[0-9a-f-]{36}@ramapo-it\.test>$/)
    expect(last?.headers.get('in-reply-to')).toBe(firstId)
    expect(last?.headers.get('references')).toBe(firstId)
    const [stored] = await database.db
      .select({ id: supportTicketMessages.emailMessageId })
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.id, second.message.id))
    expect(last?.headers.get('message-id')).toBe(stored?.id)
    for (const mail of smtp.received) expect(mail.text).not.toContain('SMTP relay password')
    expect(smtp.received).toHaveLength(2)
  })
})
