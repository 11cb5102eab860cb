import { stringify } from 'csv-stringify/sync'
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm'
import { createEvent, type EventAttributes } from 'ics'
import { business } from '../../app/content/business.ts'
import { icsParameterText } from '../../app/features/booking/ics-param.ts'
import {
  type AppointmentPlace,
  appointmentPlaceLabels,
  canMove,
  type RequestKind,
  type RequestStatus,
  requestKindLabels,
  requestStatusLabels,
} from '../../app/features/booking/workflow.ts'
import { businessDateTimeFormat, fromBusinessLocalInput } from '../../app/lib/business-time.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import { neutralizeFormula } from '../csv.server.ts'
import { type Database, type Db, selectRows } from '../db/client.server.ts'
import {
  type Booking,
  bookingEvents,
  bookings,
  clientOnboarding,
  requestSearchSeparator,
  requestSearchText,
  user,
} from '../db/schema/index.server.ts'
import type { MailMessage, Outbox } from '../mail/outbox.server.ts'
import { referenceOf } from './mail.server.ts'

/**
 * The staff side of consultation requests and contact messages (docs/staff-workspace.md): the
 * list with its filters, one request in full, and the workflow (status, assignee, notes,
 * appointment). Every change writes its audit entry in its own transaction and is refused when the
 * request changed since the page was loaded (the version column).
 */

export const requestPageSize = 25

export type RequestFilter = {
  status?: RequestStatus | undefined
  kind?: RequestKind | undefined
  /** One of the services a consultation asked about, by name. */
  service?: string | undefined
  plan?: string | undefined
  /** Received from and to (New York dates, inclusive). */
  from?: string | undefined
  to?: string | undefined
  /** A staff member's user id, or `none` for unassigned requests. */
  assignee?: string | undefined
  /** Part of the name, e-mail, company, phone or message. */
  q?: string | undefined
  sort?: 'received' | 'name' | 'status' | undefined
  dir?: 'asc' | 'desc' | undefined
  page?: number | undefined
}

export type RequestListItem = {
  id: string
  reference: string
  kind: RequestKind
  status: RequestStatus
  name: string
  email: string
  company: string | null
  services: string[]
  plan: string | null
  receivedAt: Date
  assigneeEmail: string | null
  appointmentAt: Date | null
}

export type RequestPage = { items: RequestListItem[]; total: number; page: number; pageCount: number }

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The New York midnight that starts a date, as a moment. */
function startOfBusinessDay(date: string): Date | undefined {
  return fromBusinessLocalInput(`${date}T00:00`) ?? undefined
}

function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/**
 * Part of the name, e-mail, company, phone or message, case aside (`%` and `_` as typed): one
 * `ILIKE` of the fields joined by a separator no field holds, the expression the trigram index is
 * built on (docs/decisions/023-trigram-search.md). A search holding the separator could match
 * across two fields, and matches nothing in any one of them.
 */
function searchCondition(q: string): SQL {
  if (q.includes(requestSearchSeparator)) return sql`false`
  return ilike(requestSearchText(bookings), likePattern(q))
}

export function requestConditions(filter: RequestFilter): SQL | undefined {
  const b = bookings
  const q = filter.q?.trim()
  const from = filter.from ? startOfBusinessDay(filter.from) : undefined
  const to = filter.to ? startOfBusinessDay(nextDay(filter.to)) : undefined
  return and(
    filter.status ? eq(b.status, filter.status) : undefined,
    filter.kind ? eq(b.formType, filter.kind) : undefined,
    filter.service ? sql`${filter.service} = any(${b.services})` : undefined,
    filter.plan ? eq(b.plan, filter.plan) : undefined,
    from ? gte(b.receivedAt, from) : undefined,
    to ? lt(b.receivedAt, to) : undefined,
    filter.assignee === 'none'
      ? isNull(b.assigneeUserId)
      : filter.assignee && uuidPattern.test(filter.assignee)
        ? eq(b.assigneeUserId, filter.assignee)
        : undefined,
    q ? searchCondition(q) : undefined,
  )
}

const listColumns = {
  id: bookings.id,
  kind: bookings.formType,
  status: bookings.status,
  name: bookings.name,
  email: bookings.email,
  company: bookings.company,
  services: bookings.services,
  plan: bookings.plan,
  receivedAt: bookings.receivedAt,
  assigneeEmail: bookings.assigneeEmail,
  appointmentAt: bookings.appointmentAt,
}

function orderOf(filter: RequestFilter): SQL[] {
  const dir = filter.dir === 'asc' ? asc : desc
  if (filter.sort === 'name') return [dir(bookings.name), desc(bookings.receivedAt)]
  if (filter.sort === 'status') return [dir(bookings.status), desc(bookings.receivedAt)]
  return [dir(bookings.receivedAt), dir(bookings.id)]
}

/** One page of requests, newest first unless sorted otherwise. */
export async function listRequests(db: Db, filter: RequestFilter): Promise<RequestPage> {
  const where = requestConditions(filter)
  const page = Math.max(1, filter.page ?? 1)
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(bookings)
      .where(where)
      .orderBy(...orderOf(filter))
      .limit(requestPageSize)
      .offset((page - 1) * requestPageSize),
    db.select({ n: count() }).from(bookings).where(where),
  ])
  const n = total?.n ?? 0
  return {
    items: rows.map((row) => ({
      ...row,
      kind: row.kind as RequestKind,
      status: row.status as RequestStatus,
      reference: referenceOf(row.id),
    })),
    total: n,
    page,
    pageCount: Math.max(1, Math.ceil(n / requestPageSize)),
  }
}

/** Requests no one has looked at yet: the back office's count for the requests area. */
export async function countNewRequests(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings).where(eq(bookings.status, 'new'))
  return row?.n ?? 0
}

export type StaffMember = { userId: string; email: string; name: string; role: 'admin' | 'employee' }

/** Who a request can be assigned to: the enabled staff accounts. */
export async function staffMembers(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({
      userId: user.id,
      email: user.email,
      name: sql<string>`coalesce(${clientOnboarding.fullName}, ${user.name})`,
      role: clientOnboarding.role,
    })
    .from(clientOnboarding)
    .innerJoin(user, eq(sql`lower(${user.email})`, clientOnboarding.email))
    .where(and(inArray(clientOnboarding.role, ['admin', 'employee']), isNull(clientOnboarding.disabledAt)))
    .orderBy(asc(clientOnboarding.fullName))
  return rows.map((r) => ({ ...r, role: r.role === 'admin' ? 'admin' : 'employee' }))
}

export type MailState = {
  id: string
  subject: string
  to: string
  /** pg-boss's state: created, retry, active, completed, failed, cancelled; `gone` once cleaned up. */
  state: string
  attempts: number
  createdOn: Date | null
  completedOn: Date | null
}

export type RequestDetail = {
  booking: Booking
  reference: string
  events: Array<typeof bookingEvents.$inferSelect>
  mails: MailState[]
  /** The account with the same e-mail address, if there is one. */
  account: { id: string; fullName: string | null; role: string; status: string; disabledAt: Date | null } | null
}

/** The outbox messages by id, with their delivery state (pg-boss keeps finished jobs for a week). */
export async function mailStates(db: Db, ids: string[]): Promise<MailState[]> {
  if (ids.length === 0) return []
  const rows = await selectRows<{
    id: string
    state: string
    retry_count: number
    subject: string | null
    recipients: string | null
    created_on: Date | string | null
    completed_on: Date | string | null
  }>(
    db,
    sql`select id::text, state::text, retry_count, data->>'subject' as subject,
          (select string_agg(value, ', ') from jsonb_array_elements_text(data->'to')) as recipients,
          created_on, completed_on
        from pgboss.job where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  )
  const byId = new Map(rows.map((r) => [r.id, r]))
  const date = (value: Date | string | null) => (value === null ? null : new Date(value))
  return ids.map((id) => {
    const row = byId.get(id)
    return row
      ? {
          id,
          subject: row.subject ?? '',
          to: row.recipients ?? '',
          state: row.state,
          attempts: row.retry_count + (row.state === 'created' ? 0 : 1),
          createdOn: date(row.created_on),
          completedOn: date(row.completed_on),
        }
      : { id, subject: '', to: '', state: 'gone', attempts: 0, createdOn: null, completedOn: null }
  })
}

export async function requestDetail(db: Db, id: string): Promise<RequestDetail | null> {
  if (!uuidPattern.test(id)) return null
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id))
  if (!booking) return null
  const [events, [account]] = await Promise.all([
    db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.at)),
    db
      .select({
        id: clientOnboarding.id,
        fullName: clientOnboarding.fullName,
        role: clientOnboarding.role,
        status: clientOnboarding.status,
        disabledAt: clientOnboarding.disabledAt,
      })
      .from(clientOnboarding)
      .where(eq(clientOnboarding.email, booking.email.toLowerCase())),
  ])
  const mailIds = [booking.notificationMailId, booking.confirmationMailId, ...events.map((e) => e.mailId)].filter(
    (m): m is string => m !== null,
  )
  return {
    booking,
    reference: referenceOf(booking.id),
    events,
    mails: await mailStates(db, mailIds),
    account: account ?? null,
  }
}

export class RequestConflictError extends Error {
  override name = 'RequestConflictError'
  constructor() {
    super(
      'Someone else changed this request after you opened it. Reload the page to see their change, then make yours again.',
    )
  }
}

export class RequestNotFoundError extends Error {
  override name = 'RequestNotFoundError'
  constructor() {
    super('This request does not exist (any more).')
  }
}

export class RequestRuleError extends Error {
  override name = 'RequestRuleError'
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Changes a request if it is still at `version`, adding one to it; throws the conflict (or not
 * found) otherwise. Returns the row as it was before, read under a lock in the same transaction.
 */
async function lockAtVersion(tx: Tx, id: string, version: number): Promise<Booking> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update')
  if (!row) throw new RequestNotFoundError()
  if (row.version !== version) throw new RequestConflictError()
  return row
}

export async function changeStatus(
  database: Database,
  actor: AuditActor,
  input: { id: string; version: number; status: RequestStatus },
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, input.id, input.version)
    const from = before.status as RequestStatus
    if (from === input.status) return
    if (!canMove(from, input.status)) {
      throw new RequestRuleError(
        `A request that is ${requestStatusLabels[from].toLowerCase()} cannot be marked ${requestStatusLabels[input.status].toLowerCase()} here.`,
      )
    }
    await tx
      .update(bookings)
      .set({
        status: input.status,
        statusChangedAt: sql`now()`,
        statusChangedBy: actor.email,
        version: sql`${bookings.version} + 1`,
      })
      .where(eq(bookings.id, input.id))
    await tx.insert(bookingEvents).values({
      bookingId: input.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      kind: 'status',
      fromValue: from,
      toValue: input.status,
    })
    await recordAudit(tx, actor, {
      action: 'request.status',
      subjectId: input.id,
      details: { reference: referenceOf(input.id), from, to: input.status },
      before: { status: from },
      after: { status: input.status },
    })
  })
}

export async function assignRequest(
  database: Database,
  actor: AuditActor,
  input: { id: string; version: number; assignee: string },
): Promise<void> {
  const members = await staffMembers(database.db)
  const member = input.assignee ? members.find((m) => m.userId === input.assignee) : null
  if (input.assignee && !member) throw new RequestRuleError('Choose a staff member from the list.')
  await database.db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, input.id, input.version)
    if ((before.assigneeUserId ?? '') === input.assignee) return
    await tx
      .update(bookings)
      .set({
        assigneeUserId: member?.userId ?? null,
        assigneeEmail: member?.email ?? null,
        version: sql`${bookings.version} + 1`,
      })
      .where(eq(bookings.id, input.id))
    await tx.insert(bookingEvents).values({
      bookingId: input.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      kind: 'assign',
      fromValue: before.assigneeEmail,
      toValue: member?.email ?? null,
    })
    await recordAudit(tx, actor, {
      action: 'request.assign',
      subjectId: input.id,
      details: { reference: referenceOf(input.id) },
      before: { assignee: before.assigneeEmail },
      after: { assignee: member?.email ?? null },
    })
  })
}

/** A note adds to the history and changes nothing anyone else is editing, so it takes no version. */
export async function addNote(
  database: Database,
  actor: AuditActor,
  input: { id: string; body: string },
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, input.id))
    if (!row) throw new RequestNotFoundError()
    await tx.insert(bookingEvents).values({
      bookingId: input.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      kind: 'note',
      body: input.body,
    })
    await recordAudit(tx, actor, {
      action: 'request.note',
      subjectId: input.id,
      details: { reference: referenceOf(input.id) },
      before: null,
      after: { note: input.body },
    })
  })
}

export type Appointment = {
  start: Date
  minutes: number
  place: AppointmentPlace
  details: string | undefined
}

/** The invitation's UID: one per request, kept through every change so calendars update the event. */
export function appointmentUid(bookingId: string): string {
  return `consultation-${bookingId}@${business.email.split('@')[1] ?? 'localhost'}`
}

function whereText(appointment: Pick<Appointment, 'place' | 'details'>): string {
  const label = appointmentPlaceLabels[appointment.place]
  return appointment.details ? `${label}: ${appointment.details}` : label
}

/**
 * The calendar file of an appointment (RFC 5545): METHOD:REQUEST for a new or changed one,
 * METHOD:CANCEL to take it off the client's calendar; the same UID and a higher SEQUENCE each time.
 */
export function appointmentIcs(
  booking: Pick<Booking, 'id' | 'name' | 'email'>,
  appointment: Appointment,
  sequence: number,
  method: 'REQUEST' | 'CANCEL',
): string {
  const attributes: EventAttributes = {
    uid: appointmentUid(booking.id),
    sequence,
    method,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    productId: `-//${business.name}//Consultations//EN`,
    start: appointment.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: appointment.minutes },
    title: `Free consultation with ${business.name}`,
    description: `Your free IT consultation (${appointment.minutes} minutes). Reference ${referenceOf(booking.id)}. Questions: ${business.phone}.`,
    location: whereText(appointment),
    ...(appointment.place === 'video' && appointment.details ? { url: appointment.details } : {}),
    organizer: { name: business.name, email: business.email },
    attendees: [
      // RFC 6868 quoting: the library's own `\"` ends the value early in calendar programs.
      {
        name: icsParameterText(booking.name),
        email: booking.email,
        rsvp: true,
        role: 'REQ-PARTICIPANT',
        partstat: 'NEEDS-ACTION',
      },
    ],
  }
  const { error, value } = createEvent(attributes)
  if (error || !value) throw error ?? new Error('calendar file not created')
  return value
}

function appointmentMail(
  booking: Pick<Booking, 'id' | 'name' | 'email' | 'firstName'>,
  appointment: Appointment,
  sequence: number,
  kind: 'new' | 'changed' | 'cancelled',
): MailMessage {
  const when = businessDateTimeFormat.format(appointment.start)
  const subject =
    kind === 'cancelled'
      ? `Cancelled: your consultation with ${business.name}`
      : kind === 'changed'
        ? `New time for your consultation with ${business.name}: ${when}`
        : `Your consultation with ${business.name}: ${when}`
  const lines =
    kind === 'cancelled'
      ? [`Your consultation on ${when} is cancelled. The attached file takes it off your calendar.`]
      : [
          kind === 'changed'
            ? 'We changed the time or place of your free consultation. It is now:'
            : 'Your free consultation is booked:',
          '',
          `When:   ${when} (New York time), ${appointment.minutes} minutes`,
          `Where:  ${whereText(appointment)}`,
          '',
          'The attached invitation adds it to your calendar.',
        ]
  const text = [
    `Hi ${booking.firstName ?? booking.name},`,
    '',
    ...lines,
    '',
    `Reference: ${referenceOf(booking.id)}`,
    `Questions or a better time? Call us at ${business.phone} or reply to this e-mail.`,
    '',
    business.name,
  ].join('\n')
  const ics = appointmentIcs(booking, appointment, sequence, kind === 'cancelled' ? 'CANCEL' : 'REQUEST')
  return {
    to: [booking.email],
    subject,
    text,
    replyTo: business.email,
    attachments: [
      {
        filename: kind === 'cancelled' ? 'cancellation.ics' : 'invitation.ics',
        contentType: 'text/calendar',
        contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
      },
    ],
  }
}

export type ScheduleInput = {
  id: string
  version: number
  date: string
  time: string
  minutes: number
  place: AppointmentPlace
  details?: string | undefined
}

/**
 * Books (or moves) the appointment: status scheduled, the client e-mailed an invitation (or its
 * update), the history, the audit entry and the mail in one transaction.
 */
export async function scheduleAppointment(
  deps: { database: Database; outbox: Outbox },
  actor: AuditActor,
  input: ScheduleInput,
): Promise<{ mailId: string }> {
  const start = fromBusinessLocalInput(`${input.date}T${input.time}`)
  if (!start) throw new RequestRuleError('That time does not exist in New York (the clocks skip it). Choose another.')
  return deps.database.db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, input.id, input.version)
    const from = before.status as RequestStatus
    if (from === 'not_a_fit' || from === 'spam' || from === 'completed') {
      throw new RequestRuleError(
        `A request marked ${requestStatusLabels[from].toLowerCase()} cannot be scheduled. Reopen it first.`,
      )
    }
    const rescheduling = before.appointmentAt !== null
    const sequence = rescheduling ? before.appointmentSequence + 1 : before.appointmentSequence
    const appointment: Appointment = { start, minutes: input.minutes, place: input.place, details: input.details }
    const mailId = await deps.outbox.enqueue(
      appointmentMail(before, appointment, sequence, rescheduling ? 'changed' : 'new'),
      tx,
    )
    await tx
      .update(bookings)
      .set({
        status: 'scheduled',
        statusChangedAt: from === 'scheduled' ? before.statusChangedAt : sql`now()`,
        statusChangedBy: from === 'scheduled' ? before.statusChangedBy : actor.email,
        appointmentAt: start,
        appointmentMinutes: input.minutes,
        appointmentPlace: input.place,
        appointmentDetails: input.details ?? null,
        appointmentSequence: sequence,
        version: sql`${bookings.version} + 1`,
      })
      .where(eq(bookings.id, input.id))
    const shownBefore = before.appointmentAt
      ? {
          at: before.appointmentAt.toISOString(),
          minutes: before.appointmentMinutes,
          place: before.appointmentPlace,
          details: before.appointmentDetails,
        }
      : null
    const shownAfter = {
      at: start.toISOString(),
      minutes: input.minutes,
      place: input.place,
      details: input.details ?? null,
    }
    await tx.insert(bookingEvents).values({
      bookingId: input.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      kind: 'schedule',
      fromValue: from,
      toValue: `${businessDateTimeFormat.format(start)}, ${input.minutes} min, ${whereText(appointment)}`,
      mailId,
    })
    await recordAudit(tx, actor, {
      action: rescheduling ? 'request.reschedule' : 'request.schedule',
      subjectId: input.id,
      details: { reference: referenceOf(input.id), sequence, mailId },
      before: { status: from, appointment: shownBefore },
      after: { status: 'scheduled', appointment: shownAfter },
    })
    return { mailId }
  })
}

/** Cancels the appointment: the client gets METHOD:CANCEL for the same event; the request goes back to contacted. */
export async function cancelAppointment(
  deps: { database: Database; outbox: Outbox },
  actor: AuditActor,
  input: { id: string; version: number },
): Promise<{ mailId: string }> {
  return deps.database.db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, input.id, input.version)
    if (!before.appointmentAt || !before.appointmentMinutes || !before.appointmentPlace) {
      throw new RequestRuleError('This request has no appointment to cancel.')
    }
    const sequence = before.appointmentSequence + 1
    const appointment: Appointment = {
      start: before.appointmentAt,
      minutes: before.appointmentMinutes,
      place: before.appointmentPlace as AppointmentPlace,
      details: before.appointmentDetails ?? undefined,
    }
    const mailId = await deps.outbox.enqueue(appointmentMail(before, appointment, sequence, 'cancelled'), tx)
    await tx
      .update(bookings)
      .set({
        status: 'contacted',
        statusChangedAt: sql`now()`,
        statusChangedBy: actor.email,
        appointmentAt: null,
        appointmentMinutes: null,
        appointmentPlace: null,
        appointmentDetails: null,
        appointmentSequence: sequence,
        version: sql`${bookings.version} + 1`,
      })
      .where(eq(bookings.id, input.id))
    await tx.insert(bookingEvents).values({
      bookingId: input.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      kind: 'cancel',
      fromValue: businessDateTimeFormat.format(before.appointmentAt),
      toValue: 'contacted',
      mailId,
    })
    await recordAudit(tx, actor, {
      action: 'request.cancel_appointment',
      subjectId: input.id,
      details: { reference: referenceOf(input.id), sequence, mailId },
      before: { status: before.status, appointment: before.appointmentAt.toISOString() },
      after: { status: 'contacted', appointment: null },
    })
    return { mailId }
  })
}

/** At most this many rows in one export; a wider filter is asked to narrow down. */
export const exportLimit = 20_000

/**
 * The current filter as CSV (csv-stringify, CRLF, BOM for Excel): every text field that a
 * spreadsheet would run as a formula is prefixed with an apostrophe (server/csv.server.ts).
 */
export async function requestsCsv(db: Db, filter: RequestFilter): Promise<{ csv: string; rows: number }> {
  const rows = await db
    .select({
      ...listColumns,
      phone: bookings.phone,
      employees: bookings.employees,
      message: bookings.message,
      source: bookings.source,
    })
    .from(bookings)
    .where(requestConditions(filter))
    .orderBy(...orderOf(filter))
    .limit(exportLimit)
  const cell = (value: string | null | undefined) => neutralizeFormula(value ?? '')
  const csv = stringify(
    [
      [
        'Reference',
        'Received (New York)',
        'Kind',
        'Status',
        'Name',
        'Company',
        'E-mail',
        'Phone',
        'Users',
        'Services',
        'Plan',
        'Message',
        'Source page',
        'Assignee',
        'Appointment (New York)',
      ],
      ...rows.map((r) => [
        referenceOf(r.id),
        businessDateTimeFormat.format(r.receivedAt),
        requestKindLabels[r.kind as RequestKind] ?? r.kind,
        requestStatusLabels[r.status as RequestStatus] ?? r.status,
        cell(r.name),
        cell(r.company),
        cell(r.email),
        cell(r.phone),
        r.employees === null ? '' : String(r.employees),
        cell(r.services.join(', ')),
        cell(r.plan),
        cell(r.message),
        cell(r.source),
        cell(r.assigneeEmail),
        r.appointmentAt ? businessDateTimeFormat.format(r.appointmentAt) : '',
      ]),
    ],
    { record_delimiter: '\r\n', bom: true },
  )
  return { csv, rows: rows.length }
}
