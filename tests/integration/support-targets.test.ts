import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addBusinessMinutes } from '../../app/features/support/business-hours.ts'
import { ticketStatuses } from '../../app/features/support/catalogue.ts'
import { ticketTargets } from '../../app/features/support/ticket-targets.ts'
import { selectRows } from '../../server/db/client.server.ts'
import {
  auditLog,
  clientOnboarding,
  supportTicketEvents,
  supportTickets,
  supportTicketTargets,
  user,
} from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { listQueue } from '../../server/support/queue.server.ts'
import {
  closeResolvedTickets,
  refreshStaleTargets,
  refreshTicketTargets,
  sendTargetWarnings,
  staleTargetTickets,
  startSupportTargetJobs,
  supportMonthStart,
  supportOverview,
  TARGETS_QUEUE,
  targetRunningStatuses,
  targetsSchedule,
} from '../../server/support/targets.server.ts'
import { changeStatus, openTicket } from '../../server/support/tickets.server.ts'
import { clientAccount, PUBLIC_URL, queuedMails, queueOnlyOutbox, testClock } from './helpers/billing.ts'
import { backend, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

let database: TestDatabase
let outbox: Outbox
let organisationId: string
let clock: ReturnType<typeof testClock>
let tokens = 0

// Migrating a fresh database takes most of the suite's minute on a busy machine: give it two.
beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
}, 120_000)
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})
beforeEach(async () => {
  await database.db.execute(sql`delete from support_tickets`)
  await database.db.execute(sql`truncate audit_log`)
  await database.db.execute(sql`delete from pgboss.job where name = 'mail'`)
  await database.db.delete(clientOnboarding)
  await database.db.delete(user)
  // Monday January 12, 2026, 9:00 New York.
  clock = testClock('2026-01-12T14:00:00Z')
  organisationId = (await clientAccount(database, 'carla@harbor.example')).organisationId
})

/** A user row (an account) with an onboarding record in `role`. */
async function account(email: string, role: 'admin' | 'employee') {
  const [row] = await database.db.insert(user).values({ name: email, email, emailVerified: true }).returning()
  await database.db.insert(clientOnboarding).values({ email, fullName: email, role, status: 'approved' })
  if (!row) throw new Error('no user')
  return row.id
}

/** A ticket as the services leave it, opened at the clock's time. */
async function ticket(fields: Partial<typeof supportTickets.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(supportTickets)
    .values({
      organisationId,
      subject: 'Printer offline',
      category: 'managed_it',
      priority: 'normal',
      replyToken: `${'a'.repeat(30)}${String.fromCharCode(97 + Math.floor(tokens / 26))}${String.fromCharCode(97 + (tokens++ % 26))}`,
      createdAt: clock.now(),
      updatedAt: clock.now(),
      ...fields,
    })
    .returning()
  if (!row) throw new Error('no ticket')
  return row
}

/** A status change as changeStatus writes it: the row a version up and a history line. */
async function move(id: string, from: string, to: string, at: string) {
  await database.db
    .update(supportTickets)
    .set({ status: to as 'open', updatedAt: new Date(at), ...(to === 'resolved' ? { resolvedAt: new Date(at) } : {}) })
    .where(eq(supportTickets.id, id))
  await database.db
    .insert(supportTicketEvents)
    .values({ ticketId: id, kind: 'status', fromValue: from, toValue: to, createdAt: new Date(at) })
}

async function stored(id: string) {
  const [row] = await database.db.select().from(supportTicketTargets).where(eq(supportTicketTargets.ticketId, id))
  return row
}

describe(`support targets on ${backend}`, () => {
  it('stores due moments from the history, paused while waiting on the client, and heals stale ones', async () => {
    const t = await ticket()
    await refreshTicketTargets(database.db, t.id, clock.now())
    expect(await stored(t.id)).toMatchObject({
      firstResponseDueAt: new Date('2026-01-12T18:00:00Z'),
      resolutionDueAt: new Date('2026-01-15T14:00:00Z'),
      nextDueAt: new Date('2026-01-12T18:00:00Z'),
      paused: false,
    })
    // Waiting on the client from 10:00: no due moment, and the queue sorts it last.
    await move(t.id, 'new', 'waiting_on_client', '2026-01-12T15:00:00Z')
    expect(await refreshStaleTargets(database.db, new Date('2026-01-12T15:00:00Z'))).toBe(1)
    expect(await stored(t.id)).toMatchObject({ firstResponseDueAt: null, nextDueAt: null, paused: true })
    // Back a business day later: everything moves by nine hours of business time.
    await move(t.id, 'waiting_on_client', 'open', '2026-01-13T15:00:00Z')
    expect(await refreshStaleTargets(database.db, new Date('2026-01-13T15:00:00Z'))).toBe(1)
    expect(await stored(t.id)).toMatchObject({
      firstResponseDueAt: new Date('2026-01-13T18:00:00Z'),
      resolutionDueAt: new Date('2026-01-16T14:00:00Z'),
      paused: false,
    })
    // Nothing changed since: nothing to do.
    expect(await refreshStaleTargets(database.db, new Date('2026-01-13T16:00:00Z'))).toBe(0)
  })

  it('reads only stale tickets, through their partial index: a ticket whose targets are current is never read', async () => {
    const t = await ticket()
    const kept = await ticket({ status: 'closed', resolvedAt: clock.now(), closedAt: clock.now() })
    const staleIds = async () => (await staleTargetTickets(database.db, 500)).map((r) => r.id).sort()
    // Inserted without their targets: both stale.
    expect(await staleIds()).toEqual([t.id, kept.id].sort())
    await refreshTicketTargets(database.db, t.id, clock.now())
    await refreshTicketTargets(database.db, kept.id, clock.now())
    expect(await staleIds()).toEqual([])
    // The ticket carries the version its targets were computed from.
    const [row] = await database.db
      .select({ updatedAt: supportTickets.updatedAt, targetsComputedAt: supportTickets.targetsComputedAt })
      .from(supportTickets)
      .where(eq(supportTickets.id, t.id))
    expect(row?.targetsComputedAt).toEqual(row?.updatedAt)
    // A change made without the refresh: only that ticket is stale, and the job heals it.
    await move(t.id, 'new', 'open', '2026-01-12T15:00:00Z')
    expect(await staleIds()).toEqual([t.id])
    // The job's read can be answered from the partial index (support_tickets_targets_stale_idx,
    // migration 0028): its condition is the index's, word for word.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      return selectRows<Record<string, string>>(tx, sql`explain ${staleTargetTickets(tx, 500)}`)
    })
    expect(plan.map((r) => Object.values(r).join('')).join('\n')).toContain('support_tickets_targets_stale_idx')
    expect(await refreshStaleTargets(database.db, new Date('2026-01-12T15:00:00Z'))).toBe(1)
    expect(await staleIds()).toEqual([])
  })

  it('names the statuses a target runs in, which the missed and due-soon filters also ask for', () => {
    const running = ticketStatuses.filter((status) => {
      const done = status === 'resolved' || status === 'closed'
      const targets = ticketTargets(
        {
          createdAt: clock.now(),
          priority: 'normal',
          status,
          firstRespondedAt: null,
          resolvedAt: done ? clock.now() : null,
        },
        [],
        clock.now(),
      )
      return targets.firstResponse.state === 'running' || targets.resolution.state === 'running'
    })
    expect([...targetRunningStatuses]).toEqual(running)
  })

  it("follows the ticket services' changes in the same transaction", async () => {
    const tech = await account('tech@ramapo.example', 'employee')
    const viewer = { kind: 'staff', userId: tech, email: 'tech@ramapo.example' } as const
    const deps = { db: database.db }
    const opened = await openTicket(deps, viewer, {
      subject: 'Scanner offline',
      body: 'The scanner at the front desk does not scan.',
      category: 'managed_it',
      priority: 'urgent',
      organisationId,
    })
    const first = await stored(opened.id)
    expect(first?.paused).toBe(false)
    expect(first?.nextDueAt?.getTime()).toBe(addBusinessMinutes(opened.createdAt, 60).getTime())
    await changeStatus(deps, viewer, { ticketId: opened.id, status: 'waiting_on_client' })
    expect(await stored(opened.id)).toMatchObject({ paused: true, nextDueAt: null })
    await changeStatus(deps, viewer, { ticketId: opened.id, status: 'open' })
    expect((await stored(opened.id))?.paused).toBe(false)
    // Nothing left for the minute job to heal.
    expect(await refreshStaleTargets(database.db)).toBe(0)
  })

  it('warns the assignee once, 30 business minutes before, and the admins when nobody is assigned', async () => {
    const tech = await account('tech@ramapo.example', 'employee')
    await account('boss@ramapo.example', 'admin')
    await account('other-admin@ramapo.example', 'admin')
    const assigned = await ticket({ priority: 'urgent', assigneeUserId: tech, subject: 'Server down' })
    const nobody = await ticket({ priority: 'high', subject: 'VPN drops' })
    await refreshStaleTargets(database.db, clock.now())
    const deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: clock.now }

    // 9:20: the urgent first response (10:00) is 40 minutes away: no warning yet.
    clock.set('2026-01-12T14:20:00Z')
    expect(await sendTargetWarnings(deps)).toBe(0)
    // 9:31: within 30 minutes of 10:00.
    clock.set('2026-01-12T14:31:00Z')
    expect(await sendTargetWarnings(deps)).toBe(1)
    let mails = await queuedMails(database)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: ['tech@ramapo.example'] })
    expect(mails[0]?.subject).toMatch(/^Ticket T-\d{6}: first response due Jan 12, 2026, 10:00\sAM$/)
    expect(mails[0]?.text).toContain(`${PUBLIC_URL}/employee/tickets/${assigned.id}`)
    // Once per ticket and target.
    expect(await sendTargetWarnings(deps)).toBe(0)

    // 10:35: the high ticket's first response (11:00) is due soon; nobody assigned: both admins.
    clock.set('2026-01-12T15:35:00Z')
    expect(await sendTargetWarnings(deps)).toBe(1)
    mails = await queuedMails(database)
    expect(
      mails
        .slice(1)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['boss@ramapo.example', 'other-admin@ramapo.example'])
    expect(mails[1]?.text).toContain('Nobody is assigned')
    expect(mails[1]?.text).toContain(nobody.subject)
    // 12:31: the urgent resolution (13:00) comes next, to the assignee.
    clock.set('2026-01-12T17:31:00Z')
    expect(await sendTargetWarnings(deps)).toBe(1)
    expect((await queuedMails(database)).at(-1)?.subject).toMatch(/resolution due/)
  })

  it('closes a resolved ticket after 7 days, with its history and an audit entry, and leaves a reopened one', async () => {
    const old = await ticket()
    const recent = await ticket()
    const reopened = await ticket()
    await move(old.id, 'new', 'resolved', '2026-01-02T15:00:00Z')
    await move(recent.id, 'new', 'resolved', '2026-01-08T15:00:00Z')
    await move(reopened.id, 'new', 'resolved', '2026-01-02T15:00:00Z')
    await move(reopened.id, 'resolved', 'open', '2026-01-05T15:00:00Z')
    expect(await closeResolvedTickets(database.db, clock.now())).toBe(1)
    const rows = await database.db.select().from(supportTickets)
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [old.id]: 'closed',
      [recent.id]: 'resolved',
      [reopened.id]: 'open',
    })
    expect(rows.find((r) => r.id === old.id)?.version).toBe(2)
    const history = await database.db.select().from(supportTicketEvents).where(eq(supportTicketEvents.ticketId, old.id))
    expect(history.map((e) => [e.fromValue, e.toValue])).toEqual([
      ['new', 'resolved'],
      ['resolved', 'closed'],
    ])
    const audit = await database.db.select().from(auditLog)
    expect(audit).toMatchObject([
      { action: 'ticket.auto_close', subjectId: old.id, actorEmail: 'system:support-targets' },
    ])
    // Run again: nothing more.
    expect(await closeResolvedTickets(database.db, clock.now())).toBe(0)
  })

  it('counts new, due-soon and missed tickets and the month of ratings for the admin overview', async () => {
    await ticket() // normal, first response due 13:00
    await ticket({ priority: 'urgent' }) // due 10:00
    await ticket({ priority: 'low', status: 'open', firstRespondedAt: clock.now() }) // due in days
    await ticket({
      status: 'resolved',
      resolvedAt: clock.now(),
      rating: 'good',
      ratedAt: new Date('2026-01-12T14:30:00Z'),
    })
    await ticket({
      status: 'closed',
      resolvedAt: clock.now(),
      rating: 'bad',
      ratedAt: new Date('2026-01-02T14:30:00Z'),
    })
    await ticket({
      status: 'closed',
      resolvedAt: clock.now(),
      rating: 'good',
      ratedAt: new Date('2025-12-31T14:30:00Z'),
    })
    await refreshStaleTargets(database.db, clock.now())
    // 9:30: the urgent one is due within the hour, nothing missed.
    expect(await supportOverview(database.db, new Date('2026-01-12T14:30:00Z'))).toEqual({
      new: 2,
      dueSoon: 1,
      breached: 0,
      rated: 2,
      good: 1,
    })
    // 12:30: the urgent one missed, the normal one due soon.
    expect(await supportOverview(database.db, new Date('2026-01-12T17:30:00Z'))).toMatchObject({
      dueSoon: 1,
      breached: 1,
    })
    // New York's month: 2:30 UTC on February 1 is still January there.
    expect(supportMonthStart(new Date('2026-02-01T02:30:00Z'))).toEqual(new Date('2026-01-01T05:00:00Z'))
  })

  it('sorts the staff queue by the next target and filters due-soon and missed tickets', async () => {
    const normal = await ticket({ subject: 'Normal' }) // first response 13:00
    const urgent = await ticket({ priority: 'urgent', subject: 'Urgent' }) // 10:00
    const waiting = await ticket({ status: 'waiting_on_client', subject: 'Waiting' }) // paused
    const low = await ticket({ priority: 'low', subject: 'Low' }) // tomorrow 9:00
    await refreshStaleTargets(database.db, clock.now())
    const base = { sort: 'target', dir: 'asc', page: 1 } as const
    const subjects = async (filter: Partial<Parameters<typeof listQueue>[1]>, now: string) =>
      (await listQueue(database.db, { ...base, ...filter }, new Date(now))).items.map((i) => i.subject)
    expect(await subjects({}, '2026-01-12T14:30:00Z')).toEqual([urgent, normal, low, waiting].map((t) => t.subject))
    expect(await subjects({ dir: 'desc' }, '2026-01-12T14:30:00Z')).toEqual(
      [low, normal, urgent, waiting].map((t) => t.subject),
    )
    expect(await subjects({ target: 'due_soon' }, '2026-01-12T14:30:00Z')).toEqual(['Urgent'])
    expect(await subjects({ target: 'breached' }, '2026-01-12T14:30:00Z')).toEqual([])
    // 12:30: the urgent one missed, the normal one due within the hour.
    expect(await subjects({ target: 'breached' }, '2026-01-12T17:30:00Z')).toEqual(['Urgent'])
    expect(await subjects({ target: 'due_soon' }, '2026-01-12T17:30:00Z')).toEqual(['Normal'])
    const [row] = (await listQueue(database.db, { ...base, target: 'breached' }, new Date('2026-01-12T17:30:00Z')))
      .items
    expect(row).toMatchObject({ nextDueAt: new Date('2026-01-12T15:00:00Z'), paused: false })
  })

  it('counts the queue up to its bound: past 1,000 tickets the pager says "more than", and a page asked for is still reached', async () => {
    const rows = Array.from({ length: 1030 }, (_, i) => ({
      organisationId,
      subject: `Printer ${i}`,
      category: 'managed_it' as const,
      // 32 of [a-z2-7], as the column's check asks: 28 letters and the index in four base-26 letters.
      replyToken: `${'q'.repeat(28)}${[17_576, 676, 26, 1].map((d) => String.fromCharCode(97 + (Math.floor(i / d) % 26))).join('')}`,
    }))
    for (let at = 0; at < rows.length; at += 500) {
      await database.db.insert(supportTickets).values(rows.slice(at, at + 500))
    }
    const page = (n: number) => listQueue(database.db, { sort: 'updated', dir: 'desc', page: n }, clock.now())
    const first = await page(1)
    expect(first).toMatchObject({ total: 1000, more: true, pageCount: 40, page: 1 })
    expect(first.items).toHaveLength(25)
    // Page 40 counts far enough to know there is a next one.
    expect(await page(40)).toMatchObject({ total: 1025, more: true, pageCount: 41, page: 40 })
    // Far enough to see the end: the exact count, the last page's five.
    const last = await page(45)
    expect(last).toMatchObject({ total: 1030, more: false, pageCount: 42, page: 42 })
    expect(last.items).toHaveLength(5)
    // A search every ticket matches passes the bound among the newest tickets, and says so.
    expect(
      await listQueue(database.db, { sort: 'updated', dir: 'desc', page: 1, q: 'printer' }, clock.now()),
    ).toMatchObject({ total: 1000, more: true, pageCount: 40 })
    // A narrower filter under the bound is counted exactly.
    expect(
      await listQueue(database.db, { sort: 'updated', dir: 'desc', page: 1, q: 'Printer 102' }, clock.now()),
    ).toMatchObject({ total: 11, more: false, pageCount: 1 })
  })

  it('searches the newest tickets first and the whole table when they hold too few: the same pages either way', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      organisationId,
      subject: i % 2 === 0 ? `Printer ${i}` : `Scanner ${i}`,
      category: 'managed_it' as const,
      updatedAt: new Date(clock.now().getTime() + i * 60_000),
      replyToken: `${'s'.repeat(30)}${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`,
    }))
    await database.db.insert(supportTickets).values(rows)
    const printers = rows.filter((r) => r.subject.startsWith('Printer')).map((r) => r.subject)
    const newestFirst = [...printers].reverse()
    const search = async (page: number, dir: 'asc' | 'desc' = 'desc') =>
      (await listQueue(database.db, { sort: 'updated', dir, page, q: 'printer' }, clock.now())).items.map(
        (i) => i.subject,
      )
    // Page 1 is found among the newest tickets, page 2 (five left) asks the whole table.
    expect(await search(1)).toEqual(newestFirst.slice(0, 25))
    expect(await search(2)).toEqual(newestFirst.slice(25))
    expect(await search(1, 'asc')).toEqual(printers.slice(0, 25))
  })

  it('schedules the minute job in New York time through pg-boss, which refreshes and warns', async () => {
    await ticket({ priority: 'urgent' })
    clock.set('2026-01-12T14:45:00Z')
    const jobs = await startSupportTargetJobs({
      database,
      outbox,
      publicUrl: PUBLIC_URL,
      log: silentLogger(),
      now: clock.now,
      pollingIntervalSeconds: 0.5,
    })
    try {
      const schedules = await selectRows<{ cron: string; options: { tz?: string } }>(
        database.db,
        sql`select cron, options from pgboss.schedule where name = ${TARGETS_QUEUE}`,
      )
      expect(schedules).toMatchObject([{ cron: targetsSchedule, options: { tz: 'America/New_York' } }])
      await account('boss@ramapo.example', 'admin')
      await jobs.runNow()
      await waitFor('the warning of the minute job', async () => (await queuedMails(database)).length === 1)
      expect((await queuedMails(database))[0]?.to).toEqual(['boss@ramapo.example'])
    } finally {
      await jobs.stop()
    }
  })
})
