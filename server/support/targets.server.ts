import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { addBusinessMinutes } from '../../app/features/support/business-hours.ts'
import { activeTicketStatuses, type TicketPriority, ticketNumberText } from '../../app/features/support/catalogue.ts'
import {
  autoCloseAfterDays,
  dueSoonMinutes,
  type TargetKind,
  warningBeforeMinutes,
} from '../../app/features/support/targets.ts'
import { pausingStatuses, type StatusChange, ticketTargets } from '../../app/features/support/ticket-targets.ts'
import { businessDate, fromBusinessLocalInput } from '../../app/lib/business-time.ts'
import { recordAudit } from '../audit/audit.server.ts'
import { staffMembers } from '../booking/staff-members.server.ts'
import type { Database, Db } from '../db/client.server.ts'
import { type CronJobs, startCronJobs } from '../db/pg-boss.server.ts'
import { oneOf } from '../db/schema/checks.server.ts'
import { supportTicketEvents, supportTickets, supportTicketTargets, user } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { targetWarningMail } from './target-mail.server.ts'

/**
 * Support targets on the server (docs/support.md#targets): each ticket's due moments, computed from
 * its history by app/features/support/ticket-targets.ts and stored in `support_ticket_targets` so the
 * queue sorts by the next one and the admin overview counts in SQL; the warning e-mail shortly
 * before a target is missed; closing resolved tickets nobody answered for 7 days.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Runner = Db | Tx

/** Who closes resolved tickets in the audit log and the history: the server, not a person. */
export const supportTargetsActor = { userId: 'system', email: 'system:support-targets' } as const

/**
 * Computes one ticket's targets from its row and its status history and stores them. Called in the
 * transaction of every change to a ticket (tickets.server.ts) and by the minute job for any ticket
 * whose stored targets are older than its last change, so a missed call heals within a minute.
 * The warned columns are kept: a warning goes once per ticket and target. The ticket's
 * `targets_computed_at` is written with them: what the minute job reads (migration 0028).
 */
export async function refreshTicketTargets(db: Runner, ticketId: string, now = new Date()): Promise<void> {
  const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.id, ticketId))
  if (!ticket) return
  const changes = await db
    .select({ from: supportTicketEvents.fromValue, to: supportTicketEvents.toValue, at: supportTicketEvents.createdAt })
    .from(supportTicketEvents)
    .where(and(eq(supportTicketEvents.ticketId, ticketId), inArray(supportTicketEvents.kind, ['status', 'reopened'])))
    .orderBy(asc(supportTicketEvents.seq))
  await storeTargets(db, ticket, changes, now)
}

type TargetSource = Pick<
  typeof supportTickets.$inferSelect,
  'id' | 'createdAt' | 'updatedAt' | 'priority' | 'status' | 'firstRespondedAt' | 'resolvedAt'
>

async function storeTargets(db: Runner, ticket: TargetSource, changes: readonly StatusChange[], now: Date) {
  const targets = ticketTargets({ ...ticket, priority: ticket.priority as TicketPriority }, changes, now)
  const dueOf = (t: (typeof targets)['firstResponse']) => (t.state === 'running' ? t.dueAt : null)
  const values = {
    firstResponseDueAt: dueOf(targets.firstResponse),
    resolutionDueAt: dueOf(targets.resolution),
    nextDueAt: targets.nextDueAt,
    paused: targets.firstResponse.state === 'paused' || targets.resolution.state === 'paused',
    firstResponseBreached: targets.firstResponse.state === 'met' && targets.firstResponse.breached,
    resolutionBreached: targets.resolution.state === 'met' && targets.resolution.breached,
    // The version of the ticket these are computed from: older than its updated_at means stale.
    // Read in SQL: a JavaScript Date would drop PostgreSQL's microseconds and look stale at once.
    computedAt: sql<Date>`(select ${supportTickets.updatedAt} from ${supportTickets} where ${supportTickets.id} = ${ticket.id})`,
  }
  await db
    .insert(supportTicketTargets)
    .values({ ticketId: ticket.id, ...values })
    .onConflictDoUpdate({ target: supportTicketTargets.ticketId, set: values })
  await db
    .update(supportTickets)
    .set({ targetsComputedAt: sql`${supportTickets.updatedAt}` })
    .where(eq(supportTickets.id, ticket.id))
}

/**
 * Tickets whose stored targets are missing or older than the ticket: the predicate of the partial
 * index `support_tickets_targets_stale_idx` (migration 0028), written the same so the planner reads it.
 */
const targetsStale = or(
  isNull(supportTickets.targetsComputedAt),
  lt(supportTickets.targetsComputedAt, supportTickets.updatedAt),
)

/**
 * The tickets whose stored targets are stale, up to `limit` (the minute job's read), the oldest
 * change first. The order is the partial index's: without it PGlite, which has no statistics,
 * guessed a third of the table stale and read it all to find none (1.5 s at 100,000 tickets).
 */
export function staleTargetTickets(db: Runner, limit: number) {
  return db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(targetsStale)
    .orderBy(asc(supportTickets.updatedAt))
    .limit(limit)
}

/**
 * Computes the targets of tickets that have none stored or changed since (up to `limit`); returns how
 * many. It reads the partial index of stale tickets, not the table: a ticket whose targets are
 * current (every closed one) is not read (docs/support.md#performance).
 */
export async function refreshStaleTargets(db: Db, now = new Date(), limit = 500): Promise<number> {
  const stale = await staleTargetTickets(db, limit)
  for (const { id } of stale) await refreshTicketTargets(db, id, now)
  return stale.length
}

export type WarningDeps = { db: Db; outbox: Pick<Outbox, 'enqueue'>; publicUrl: string; now?: () => Date }

/**
 * E-mails the assignee (or every admin when nobody is assigned) about each running target that is
 * missed within the next `warningBeforeMinutes` business minutes (or already was, when the job could
 * not run): once per ticket and target, marked in the same transaction as the mail is queued.
 */
export async function sendTargetWarnings(deps: WarningDeps): Promise<number> {
  const now = deps.now?.() ?? new Date()
  const before = addBusinessMinutes(now, warningBeforeMinutes)
  const g = supportTicketTargets
  const candidates = await deps.db
    .select({ ticketId: g.ticketId })
    .from(g)
    .where(
      or(
        and(isNotNull(g.firstResponseDueAt), lte(g.firstResponseDueAt, before), isNull(g.firstResponseWarnedAt)),
        and(isNotNull(g.resolutionDueAt), lte(g.resolutionDueAt, before), isNull(g.resolutionWarnedAt)),
      ),
    )
  if (candidates.length === 0) return 0
  const admins = (await staffMembers(deps.db)).filter((m) => m.role === 'admin').map((m) => m.email)
  let sent = 0
  for (const { ticketId } of candidates) {
    sent += await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(g).where(eq(g.ticketId, ticketId)).for('update')
      const [ticket] = await tx
        .select({
          id: supportTickets.id,
          number: supportTickets.number,
          subject: supportTickets.subject,
          priority: supportTickets.priority,
          status: supportTickets.status,
          assigneeEmail: user.email,
        })
        .from(supportTickets)
        .leftJoin(user, eq(user.id, supportTickets.assigneeUserId))
        .where(eq(supportTickets.id, ticketId))
      if (!row || !ticket) return 0
      const due: Array<{ kind: TargetKind; at: Date }> = []
      if (row.firstResponseDueAt && row.firstResponseDueAt <= before && !row.firstResponseWarnedAt) {
        due.push({ kind: 'first_response', at: row.firstResponseDueAt })
      }
      if (row.resolutionDueAt && row.resolutionDueAt <= before && !row.resolutionWarnedAt) {
        due.push({ kind: 'resolution', at: row.resolutionDueAt })
      }
      if (due.length === 0) return 0
      const recipients = ticket.assigneeEmail ? [ticket.assigneeEmail] : admins
      for (const target of due) {
        for (const to of recipients) {
          await deps.outbox.enqueue(
            targetWarningMail(to, {
              number: ticketNumberText(ticket.number),
              subject: ticket.subject,
              priority: ticket.priority as TicketPriority,
              target: target.kind,
              dueAt: target.at,
              missed: target.at <= now,
              assigned: ticket.assigneeEmail !== null,
              link: `${deps.publicUrl}/employee/tickets/${ticket.id}`,
            }),
            tx,
          )
        }
      }
      await tx
        .update(g)
        .set({
          ...(due.some((t) => t.kind === 'first_response') ? { firstResponseWarnedAt: now } : {}),
          ...(due.some((t) => t.kind === 'resolution') ? { resolutionWarnedAt: now } : {}),
        })
        .where(eq(g.ticketId, ticketId))
      return due.length
    })
  }
  return sent
}

/**
 * Closes every ticket resolved more than `autoCloseAfterDays` days ago and still resolved (a client's
 * answer reopens a ticket, so still resolved means nobody answered): its status, its history line
 * and an audit entry in one transaction per ticket, under the ticket's lock. Returns how many.
 */
export async function closeResolvedTickets(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - autoCloseAfterDays * 86_400_000)
  const t = supportTickets
  const candidates = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.status, 'resolved'), isNotNull(t.resolvedAt), lte(t.resolvedAt, cutoff)))
  let closed = 0
  for (const { id } of candidates) {
    closed += await db.transaction(async (tx) => {
      const [ticket] = await tx.select().from(t).where(eq(t.id, id)).for('update')
      if (ticket?.status !== 'resolved' || !ticket.resolvedAt || ticket.resolvedAt > cutoff) return 0
      const [after] = await tx
        .update(t)
        .set({ status: 'closed', closedAt: now, updatedAt: sql`now()`, version: sql`${t.version} + 1` })
        .where(eq(t.id, id))
        .returning()
      await tx
        .insert(supportTicketEvents)
        .values({ ticketId: id, kind: 'status', fromValue: 'resolved', toValue: 'closed', actorUserId: null })
      await recordAudit(tx, supportTargetsActor, {
        action: 'ticket.auto_close',
        subjectId: id,
        details: { number: ticket.number, subject: ticket.subject, resolvedAt: ticket.resolvedAt.toISOString() },
        before: { status: 'resolved' },
        after: { status: 'closed' },
      })
      if (after) await refreshTicketTargets(tx, id, now)
      return 1
    })
  }
  return closed
}

export type SupportOverview = {
  /** Tickets nobody has picked up yet (status new). */
  new: number
  /** Running targets missed within the next hour of business time. */
  dueSoon: number
  /** Running targets already missed. */
  breached: number
  /** This month's (New York) ratings. */
  rated: number
  good: number
}

/** The admin overview's counts, from the stored targets (docs/support.md#targets). */
export async function supportOverview(db: Db, now = new Date()): Promise<SupportOverview> {
  const soon = addBusinessMinutes(now, dueSoonMinutes)
  const g = supportTicketTargets
  const t = supportTickets
  const [counts] = await db
    .select({
      new: sql<number>`(select count(*) from ${t} where ${t.status} = 'new')`.mapWith(Number),
      dueSoon:
        sql<number>`(select count(*) from ${g} where ${g.nextDueAt} > ${now} and ${g.nextDueAt} <= ${soon})`.mapWith(
          Number,
        ),
      breached: sql<number>`(select count(*) from ${g} where ${g.nextDueAt} <= ${now})`.mapWith(Number),
      rated:
        sql<number>`(select count(*) from ${t} where ${t.ratedAt} >= ${supportMonthStart(now)} and ${t.rating} is not null)`.mapWith(
          Number,
        ),
      good: sql<number>`(select count(*) from ${t} where ${t.ratedAt} >= ${supportMonthStart(now)} and ${t.rating} = 'good')`.mapWith(
        Number,
      ),
    })
    .from(sql`(select 1) as one`)
  return counts ?? { new: 0, dueSoon: 0, breached: 0, rated: 0, good: 0 }
}

/** The first moment of the New York month `now` is in (midnight exists every day in New York). */
export function supportMonthStart(now: Date): Date {
  return fromBusinessLocalInput(`${businessDate(now).slice(0, 7)}-01T00:00`) ?? now
}

/** The stored targets of some tickets (the queue's page), by ticket id. */
export async function storedTargets(db: Db, ticketIds: readonly string[]) {
  if (ticketIds.length === 0) return new Map<string, typeof supportTicketTargets.$inferSelect>()
  const rows = await db
    .select()
    .from(supportTicketTargets)
    .where(inArray(supportTicketTargets.ticketId, [...ticketIds]))
  return new Map(rows.map((r) => [r.ticketId, r]))
}

/**
 * The statuses in which a target can run (app/features/support/ticket-targets.ts): waiting on the
 * client pauses both, resolved and closed have met them. tests/integration/support-targets.test.ts
 * checks the list against the computation.
 */
export const targetRunningStatuses = activeTicketStatuses.filter((s) => !includesStatus(pausingStatuses, s))

function includesStatus(list: readonly string[], status: string): boolean {
  return list.includes(status)
}

/**
 * A ticket with a running target is in one of `targetRunningStatuses`: the missed and due-soon
 * filters say so too, in the words of the partial index `support_tickets_running_recent_idx`
 * (migration 0028, literals as the CHECKs write them, so the planner matches them), which holds only those tickets in the
 * lists' order. Without it PGlite, which gathers no statistics, joined every ticket with its
 * targets to count the missed ones (docs/support.md#performance).
 */
const targetsCanRun = sql`${supportTickets.status} in (${oneOf(targetRunningStatuses)})`

/**
 * For the staff queue's SQL: "sort by the next target" (the soonest due first; paused and met
 * last), and the breached / due-soon filters. The queue left-joins `support_ticket_targets` on the
 * ticket id and uses these.
 */
export const targetQueue = {
  order: sql`${supportTicketTargets.nextDueAt} asc nulls last`,
  orderDesc: sql`${supportTicketTargets.nextDueAt} desc nulls last`,
  breached: (now: Date) => and(targetsCanRun, lte(supportTicketTargets.nextDueAt, now)),
  dueSoon: (now: Date) =>
    and(
      targetsCanRun,
      gt(supportTicketTargets.nextDueAt, now),
      lte(supportTicketTargets.nextDueAt, addBusinessMinutes(now, dueSoonMinutes)),
    ),
} as const

export const TARGETS_QUEUE = 'support-targets'
export const AUTO_CLOSE_QUEUE = 'support-auto-close'
/** Every minute: a warning 30 minutes ahead goes out on time, and stale targets heal within a minute. */
export const targetsSchedule = '* * * * *'
/** Every hour at :15 (New York): a resolved ticket closes within the hour after its seventh day. */
export const autoCloseSchedule = '15 * * * *'

export type SupportTargetJobs = CronJobs

/**
 * Support's scheduled work (server/db/pg-boss.server.ts, as billing's reminders): every minute
 * the stale targets are healed and the due-soon and breach warnings sent; every hour resolved
 * tickets past their days are closed.
 */
export async function startSupportTargetJobs(options: {
  database: Database
  outbox: Pick<Outbox, 'enqueue'>
  publicUrl: string
  log: Logger
  now?: () => Date
  pollingIntervalSeconds?: number
}): Promise<SupportTargetJobs> {
  const { database, log } = options
  const now = () => options.now?.() ?? new Date()
  const deps: WarningDeps = { db: database.db, outbox: options.outbox, publicUrl: options.publicUrl, now }
  return startCronJobs({
    database,
    log,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    jobs: [
      {
        queue: TARGETS_QUEUE,
        cron: targetsSchedule,
        retry: { retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
        run: async () => {
          const refreshed = await refreshStaleTargets(database.db, now())
          const warned = await sendTargetWarnings(deps)
          if (refreshed > 0 || warned > 0) {
            log.info(
              { event: 'support.targets', refreshed, warned },
              `support targets: ${refreshed} refreshed, ${warned} warnings`,
            )
          }
        },
      },
      {
        queue: AUTO_CLOSE_QUEUE,
        cron: autoCloseSchedule,
        retry: { retryLimit: 3, retryDelay: 300, expireInSeconds: 600 },
        run: async () => {
          const closed = await closeResolvedTickets(database.db, now())
          if (closed > 0)
            log.info(
              { event: 'support.auto_close', closed },
              `resolved tickets closed after ${autoCloseAfterDays} days: ${closed}`,
            )
        },
      },
    ],
  })
}
