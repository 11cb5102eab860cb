import { eq, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import {
  type AppointmentPlace,
  canMove,
  type RequestStatus,
  requestStatusLabels,
} from '../../app/features/booking/workflow.ts'
import type { AuditAction } from '../../app/features/staff/audit-actions.ts'
import { businessDateTimeFormat, fromBusinessLocalInput } from '../../app/lib/business-time.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import type { AuditActor } from '../audit/audit.server.ts'
import type { Database } from '../db/client.server.ts'
import { type Booking, bookingEvents, bookings } from '../db/schema/index.server.ts'
import { type AuditChange, defineTransitions, type Tx } from '../db/transition.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { type Appointment, appointmentMail, whereText } from './appointment-invitation.server.ts'
import { referenceOf } from './mail.server.ts'
import { staffMembers } from './staff-members.server.ts'

/**
 * How staff move a request on (docs/staff-workspace.md): status, assignee, notes, appointment.
 * Every change has the same steps in one transaction: lock the row at the version the page was
 * loaded on (refused if someone changed it since), check the workflow allows it, write the change
 * one version up (`writeChange`), then its line in the request's history and its audit entry
 * (`writeHistory`).
 */

/**
 * Lock (at the page's version) → ask the workflow (`canMove`) → audit, as every record's state
 * changes do (server/db/transition.server.ts).
 */
const requests = defineTransitions({
  table: bookings,
  notFoundMessage: 'This request does not exist (any more).',
  version: {
    of: (row) => row.version,
    conflictMessage:
      'Someone else changed this request after you opened it. Reload the page to see their change, then make yours again.',
  },
  decide: (row: Booking, to: RequestStatus, _party: 'staff', _facts: null) =>
    canMove(row.status as RequestStatus, to) ? { ok: true, to } : { ok: false, refusal: 'wrong-status' },
  refusalMessage: (row, to) =>
    `A request that is ${requestStatusLabels[row.status as RequestStatus].toLowerCase()} cannot be marked ${requestStatusLabels[to].toLowerCase()} here.`,
  auditDetails: (row) => ({ reference: referenceOf(row.id) }),
})

/**
 * The request as it is, locked for this transaction, if it is still at `version` (the page's);
 * `writeChange` then adds one to the version with the change.
 */
const lockAtVersion = (tx: Tx, id: string, version: number) => requests.lock(tx, id, { version })

/** Writes a change to the request and adds one to its version. */
async function writeChange(tx: Tx, id: string, change: PgUpdateSetSource<typeof bookings>) {
  await tx
    .update(bookings)
    .set({ ...change, version: sql`${bookings.version} + 1` })
    .where(eq(bookings.id, id))
}

type HistoryLine = Omit<typeof bookingEvents.$inferInsert, 'bookingId' | 'actorUserId' | 'actorEmail'>
type AuditEntry = AuditChange & { action: AuditAction; details?: Record<string, unknown> }

/** The change's line in the request's history and its audit entry, in the change's transaction. */
async function writeHistory(tx: Tx, actor: AuditActor, request: Booking, line: HistoryLine, audit: AuditEntry) {
  await tx
    .insert(bookingEvents)
    .values({ ...line, bookingId: request.id, actorUserId: actor.userId, actorEmail: actor.email })
  await requests.audit(tx, actor, audit.action, request, audit.details, audit)
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
    requests.allow(before, input.status, 'staff', null)
    await writeChange(tx, input.id, {
      status: input.status,
      statusChangedAt: sql`now()`,
      statusChangedBy: actor.email,
    })
    await writeHistory(
      tx,
      actor,
      before,
      { kind: 'status', fromValue: from, toValue: input.status },
      {
        action: 'request.status',
        details: { from, to: input.status },
        before: { status: from },
        after: { status: input.status },
      },
    )
  })
}

export async function assignRequest(
  database: Database,
  actor: AuditActor,
  input: { id: string; version: number; assignee: string },
): Promise<void> {
  const members = await staffMembers(database.db)
  const member = input.assignee ? members.find((m) => m.userId === input.assignee) : null
  if (input.assignee && !member) {
    const message = 'Choose a staff member from the list.'
    throw new DomainError('invalid', message, { fields: { assignee: [message] } })
  }
  await database.db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, input.id, input.version)
    if ((before.assigneeUserId ?? '') === input.assignee) return
    await writeChange(tx, input.id, {
      assigneeUserId: member?.userId ?? null,
      assigneeEmail: member?.email ?? null,
    })
    await writeHistory(
      tx,
      actor,
      before,
      { kind: 'assign', fromValue: before.assigneeEmail, toValue: member?.email ?? null },
      {
        action: 'request.assign',
        before: { assignee: before.assigneeEmail },
        after: { assignee: member?.email ?? null },
      },
    )
  })
}

/** A note adds to the history and changes nothing anyone else is editing, so it takes no version. */
export async function addNote(
  database: Database,
  actor: AuditActor,
  input: { id: string; body: string },
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const request = await requests.lock(tx, input.id)
    await writeHistory(
      tx,
      actor,
      request,
      { kind: 'note', body: input.body },
      { action: 'request.note', before: null, after: { note: input.body } },
    )
  })
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
  if (!start) {
    const message = 'That time does not exist in New York (the clocks skip it). Choose another.'
    throw new DomainError('invalid', message, { fields: { time: [message] } })
  }
  return deps.database.db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, input.id, input.version)
    const from = before.status as RequestStatus
    if (from === 'not_a_fit' || from === 'spam' || from === 'completed') {
      throw new DomainError(
        'conflict',
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
    await writeChange(tx, input.id, {
      status: 'scheduled',
      statusChangedAt: from === 'scheduled' ? before.statusChangedAt : sql`now()`,
      statusChangedBy: from === 'scheduled' ? before.statusChangedBy : actor.email,
      appointmentAt: start,
      appointmentMinutes: input.minutes,
      appointmentPlace: input.place,
      appointmentDetails: input.details ?? null,
      appointmentSequence: sequence,
    })
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
    await writeHistory(
      tx,
      actor,
      before,
      {
        kind: 'schedule',
        fromValue: from,
        toValue: `${businessDateTimeFormat.format(start)}, ${input.minutes} min, ${whereText(appointment)}`,
        mailId,
      },
      {
        action: rescheduling ? 'request.reschedule' : 'request.schedule',
        details: { sequence, mailId },
        before: { status: from, appointment: shownBefore },
        after: { status: 'scheduled', appointment: shownAfter },
      },
    )
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
      throw new DomainError('conflict', 'This request has no appointment to cancel.')
    }
    const sequence = before.appointmentSequence + 1
    const appointment: Appointment = {
      start: before.appointmentAt,
      minutes: before.appointmentMinutes,
      place: before.appointmentPlace as AppointmentPlace,
      details: before.appointmentDetails ?? undefined,
    }
    const mailId = await deps.outbox.enqueue(appointmentMail(before, appointment, sequence, 'cancelled'), tx)
    await writeChange(tx, input.id, {
      status: 'contacted',
      statusChangedAt: sql`now()`,
      statusChangedBy: actor.email,
      appointmentAt: null,
      appointmentMinutes: null,
      appointmentPlace: null,
      appointmentDetails: null,
      appointmentSequence: sequence,
    })
    await writeHistory(
      tx,
      actor,
      before,
      { kind: 'cancel', fromValue: businessDateTimeFormat.format(before.appointmentAt), toValue: 'contacted', mailId },
      {
        action: 'request.cancel_appointment',
        details: { sequence, mailId },
        before: { status: before.status, appointment: before.appointmentAt.toISOString() },
        after: { status: 'contacted', appointment: null },
      },
    )
    return { mailId }
  })
}
