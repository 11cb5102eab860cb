// The live thread of a ticket (docs/support.md#live) behind the real host: the stream speaks when
// what its viewer may see changed, never for an internal note, and is 404 to another organisation.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewAccount } from '../../server/accounts/onboarding.server.ts'
import { clientOnboarding, user } from '../../server/db/schema/index.server.ts'
import { organisationOfPerson } from '../../server/organisations/organisations.server.ts'
import {
  addReply,
  type ClientViewer,
  changeStatus,
  openTicket,
  type StaffViewer,
} from '../../server/support/tickets.server.ts'
import { type Client, type Harness, signIn, signUpVerified, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

const reviewer = { userId: 'staff-user-id', email: 'admin@portal.test' }

async function openStream(client: Client, path: string) {
  const events: string[] = []
  const response = await client.request(path, { headers: { accept: 'text/event-stream' } })
  const reader = response.status === 200 ? response.body?.getReader() : undefined
  if (!reader) await response.body?.cancel()
  const pump = (async () => {
    if (!reader) return
    const decoder = new TextDecoder()
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let split = buffer.indexOf('\n\n')
      while (split >= 0) {
        const event = buffer.slice(0, split).match(/^event: (.*)$/m)?.[1]
        if (event) events.push(event)
        buffer = buffer.slice(split + 2)
        split = buffer.indexOf('\n\n')
      }
    }
  })()
  return {
    response,
    events,
    async close() {
      await reader?.cancel().catch(() => {})
      await pump
    },
  }
}

describe(`a ticket's live thread on ${backend}`, () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness()
  }, 180_000)
  afterAll(async () => {
    await harness?.cleanup()
  })

  async function approvedClient(email: string): Promise<{ client: Client; viewer: ClientViewer }> {
    await signUpVerified(harness, email)
    const [person] = await harness.database.db.select().from(clientOnboarding).where(eq(clientOnboarding.email, email))
    if (!person) throw new Error('no person')
    await reviewAccount(
      {
        database: harness.accounts.database,
        outbox: harness.accounts.outbox,
        log: harness.accounts.log,
        publicUrl: harness.accounts.config.publicUrl,
      },
      reviewer,
      { onboardingId: person.id, decision: 'approve', reason: null },
    )
    const found = await organisationOfPerson(harness.database.db, person.id)
    const [account] = await harness.database.db.select().from(user).where(eq(user.email, email))
    if (!found || !account) throw new Error('no organisation')
    const viewer: ClientViewer = {
      kind: 'client',
      userId: account.id,
      email,
      organisationId: found.organisation.id,
      organisationRole: found.role,
    }
    return { client: await signIn(harness, email), viewer }
  }

  it('tells the client of a public reply and a status, never of an internal note; another organisation gets 404', async () => {
    const { client, viewer } = await approvedClient('live-owner@acme.example')
    const { client: stranger } = await approvedClient('live-owner@globex.example')
    const [staffUser] = await harness.database.db
      .insert(user)
      .values({ email: 'tech@portal.test', name: 'Tess Tech', emailVerified: true })
      .returning()
    if (!staffUser) throw new Error('no staff user')
    const staff: StaffViewer = { kind: 'staff', userId: staffUser.id, email: staffUser.email }
    const deps = { db: harness.database.db }
    const ticket = await openTicket(deps, viewer, {
      subject: 'VPN drops',
      body: 'Every hour.',
      category: 'network',
      priority: 'high',
    })

    const refused = await openStream(stranger, `/api/support/tickets/${ticket.id}/live`)
    expect(refused.response.status).toBe(404)
    const malformed = await openStream(client, '/api/support/tickets/not-a-ticket/live')
    expect(malformed.response.status).toBe(404)

    const stream = await openStream(client, `/api/support/tickets/${ticket.id}/live`)
    expect(stream.response.status).toBe(200)
    await waitFor('the stream to be ready', () => stream.events.length === 1)
    expect(stream.events).toEqual(['ready'])

    await addReply(deps, { ticketId: ticket.id, author: staff, body: 'Old firewall.', visibility: 'internal' })
    await addReply(deps, { ticketId: ticket.id, author: staff, body: 'We are on it.' })
    await waitFor('the reply', () => stream.events.length >= 2)
    // A change the client may see is the marker that everything before it was handled.
    await changeStatus(deps, staff, { ticketId: ticket.id, status: 'waiting_on_client' })
    await waitFor('the status', () => stream.events.length >= 3)
    expect(stream.events).toEqual(['ready', 'changed', 'changed'])
    await stream.close()
  })
})
