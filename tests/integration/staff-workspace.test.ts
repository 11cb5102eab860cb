// The staff workspace's server side (docs/staff-workspace.md): the requests list (pages, filters,
// search), the workflow with its version check and calendar invitations, the CSV's formula
// safety, the last-admin rule, disabled accounts losing their sessions at once, and the audit log
// refusing any change to its rows.
import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '../../app/lib/domain-error.ts'
import {
  changeRole,
  listAccounts,
  resendInvitation,
  revokeInvitation,
  setDisabled,
} from '../../server/accounts/admin.server.ts'
import { listAudit } from '../../server/audit/queries.server.ts'
import { consultationRequestsOf } from '../../server/booking/client-requests.server.ts'
import { requestDetail } from '../../server/booking/request-detail.server.ts'
import { listRequests, requestPageSize } from '../../server/booking/request-list.server.ts'
import {
  addNote,
  assignRequest,
  cancelAppointment,
  changeStatus,
  scheduleAppointment,
} from '../../server/booking/request-workflow.server.ts'
import { requestsCsv } from '../../server/booking/requests-csv.server.ts'
import { auditLog, bookings, clientOnboarding, user } from '../../server/db/schema/index.server.ts'
import type { MailMessage } from '../../server/mail/outbox.server.ts'
import { Client, type Harness, signIn, signUpVerified, startHarness, strongPassword } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

const staff = { userId: randomUUID(), email: 'desk@portal.test' }

type Seed = Partial<typeof bookings.$inferInsert> & { receivedAt: Date }

async function seedBooking(harness: Harness, seed: Seed): Promise<string> {
  const id = randomUUID()
  await harness.database.db.insert(bookings).values({
    id,
    formType: 'consultation',
    name: 'Dana Doe',
    firstName: 'Dana',
    lastName: 'Doe',
    email: 'dana@example.com',
    phone: '(845) 555-0101',
    ipHash: 'test',
    payloadHash: id,
    ...seed,
  })
  return id
}

function icsOf(message: MailMessage | undefined): string {
  const file = message?.attachments?.find((a) => a.contentType === 'text/calendar')
  if (!file) throw new Error('no calendar file attached')
  return Buffer.from(file.contentBase64, 'base64').toString('utf8')
}

describe(`the staff workspace on ${backend}`, () => {
  let harness: Harness
  beforeAll(async () => {
    harness = await startHarness()
  })
  afterAll(async () => {
    await harness?.cleanup()
  })

  describe('the requests list', () => {
    const ids: string[] = []
    beforeAll(async () => {
      // 60 requests a minute apart, newest last; every third a contact message; a few to filter on.
      const start = Date.parse('2026-03-01T15:00:00Z')
      for (let i = 0; i < 60; i++) {
        ids.push(
          await seedBooking(harness, {
            receivedAt: new Date(start + i * 60_000),
            formType: i % 3 === 0 ? 'contact' : 'consultation',
            name: `Person ${String(i).padStart(2, '0')}`,
            services: i % 3 === 0 ? [] : i % 2 === 0 ? ['Cybersecurity'] : ['Managed IT Services'],
            plan: i === 7 ? 'Basic Support ($40/user/mo)' : null,
            company: i === 11 ? 'Hudson Valley Dental' : null,
            status: i === 5 ? 'spam' : 'new',
          }),
        )
      }
      // One received late on March 10 in New York, which is March 11 in UTC.
      ids.push(await seedBooking(harness, { receivedAt: new Date('2026-03-11T03:30:00Z'), name: 'Late Evening' }))
    })

    it('pages newest first, 25 a page, without overlap, and counts all', async () => {
      const first = await listRequests(harness.database.db, {})
      const second = await listRequests(harness.database.db, { page: 2 })
      const third = await listRequests(harness.database.db, { page: 3 })
      expect(first.total).toBe(61)
      expect(first.pageCount).toBe(3)
      expect(first.items).toHaveLength(requestPageSize)
      expect(first.items[0]?.name).toBe('Late Evening')
      expect(first.items[1]?.name).toBe('Person 59')
      const seen = [...first.items, ...second.items, ...third.items].map((item) => item.id)
      expect(new Set(seen).size).toBe(61)
      const times = [...first.items, ...second.items].map((item) => item.receivedAt.getTime())
      expect(times).toEqual([...times].sort((a, b) => b - a))
      const byName = await listRequests(harness.database.db, { sort: 'name', dir: 'asc' })
      expect(byName.items[0]?.name).toBe('Late Evening')
      expect(byName.items[1]?.name).toBe('Person 00')
    })

    it('filters by status, kind, service, plan, date range (New York days), assignee and text', async () => {
      const db = harness.database.db
      expect((await listRequests(db, { status: 'spam' })).items.map((i) => i.name)).toEqual(['Person 05'])
      expect((await listRequests(db, { kind: 'contact' })).total).toBe(20)
      expect((await listRequests(db, { service: 'Cybersecurity' })).total).toBe(20)
      expect((await listRequests(db, { plan: 'Basic Support ($40/user/mo)' })).items.map((i) => i.name)).toEqual([
        'Person 07',
      ])
      expect((await listRequests(db, { q: 'hudson valley' })).items.map((i) => i.name)).toEqual(['Person 11'])
      // A LIKE wildcard typed in the search is text, not a pattern.
      expect((await listRequests(db, { q: '%' })).total).toBe(0)
      expect((await listRequests(db, { from: '2026-03-10', to: '2026-03-10' })).items.map((i) => i.name)).toEqual([
        'Late Evening',
      ])
      expect((await listRequests(db, { from: '2026-03-11' })).total).toBe(0)
      expect((await listRequests(db, { to: '2026-03-01' })).total).toBe(60)
      expect((await listRequests(db, { assignee: 'none' })).total).toBe(61)
      expect((await listRequests(db, { assignee: staff.userId })).total).toBe(0)
      expect((await listRequests(db, { status: 'new', kind: 'consultation', q: 'Person 1' })).total).toBe(7)
    })
  })

  describe('the workflow', () => {
    it('moves a request along, records who and when, and refuses a stale version', async () => {
      const id = await seedBooking(harness, { receivedAt: new Date(), name: 'Flow Person' })
      await changeStatus(harness.database, staff, { id, version: 1, status: 'contacted' })
      // A second person still looking at version 1: refused, nothing written.
      await expect(
        changeStatus(harness.database, { ...staff, email: 'other@portal.test' }, { id, version: 1, status: 'spam' }),
      ).rejects.toMatchObject({ kind: 'conflict', message: expect.stringContaining('Someone else changed') })
      // A move the workflow does not have.
      await expect(
        changeStatus(harness.database, staff, { id, version: 2, status: 'contacted' }),
      ).resolves.toBeUndefined()
      await expect(
        changeStatus(harness.database, staff, { id, version: 2, status: 'scheduled' }),
      ).rejects.toMatchObject({ kind: 'conflict', message: expect.stringContaining('cannot be marked scheduled') })
      await addNote(harness.database, staff, { id, body: 'Called, left a voicemail.' })
      const detail = await requestDetail(harness.database.db, id)
      expect(detail?.booking).toMatchObject({ status: 'contacted', statusChangedBy: staff.email, version: 2 })
      expect(detail?.events.map((e) => [e.kind, e.fromValue, e.toValue, e.body])).toEqual([
        ['status', 'new', 'contacted', null],
        ['note', null, null, 'Called, left a voicemail.'],
      ])
      const audit = await harness.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id))
      expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
        ['request.status', { status: 'new' }, { status: 'contacted' }],
        ['request.note', null, { note: 'Called, left a voicemail.' }],
      ])
    })

    it('assigns only staff members', async () => {
      const id = await seedBooking(harness, { receivedAt: new Date(), name: 'Assign Person' })
      await expect(
        assignRequest(harness.database, staff, { id, version: 1, assignee: randomUUID() }),
      ).rejects.toMatchObject({ kind: 'invalid', fields: { assignee: ['Choose a staff member from the list.'] } })
    })

    it('schedules with an invitation, changes it with the same UID and a higher SEQUENCE, and cancels it', async () => {
      const email = `invitee-${randomUUID().slice(0, 8)}@example.com`
      // The client's account, which sent the request signed in: its dashboard lists it.
      const [client] = await harness.database.db
        .insert(user)
        .values({ name: 'Ivy Invitee', email })
        .returning({ id: user.id })
      const id = await seedBooking(harness, {
        receivedAt: new Date(),
        name: 'Ivy Invitee',
        firstName: 'Ivy',
        email,
        submittedByUserId: client?.id ?? null,
      })
      const deps = { database: harness.database, outbox: harness.outbox }
      const first = await scheduleAppointment(deps, staff, {
        id,
        version: 1,
        date: '2026-07-14',
        time: '10:30',
        minutes: 45,
        place: 'video',
        details: 'https://meet.example.com/ramapo',
      })
      const mails = async () => (await harness.mails()).filter((m) => m.to.includes(email))
      let sent = await mails()
      expect(sent).toHaveLength(1)
      expect(sent[0]?.subject).toContain('Jul 14, 2026')
      const invitation = icsOf(sent[0])
      expect(invitation).toContain('METHOD:REQUEST')
      expect(invitation).toContain(`UID:consultation-${id}@`)
      expect(invitation).toContain('SEQUENCE:0')
      // 10:30 in New York in July is 14:30 UTC.
      expect(invitation).toContain('DTSTART:20260714T143000Z')
      expect(invitation).toContain('DURATION:PT45M')
      expect(first.mailId).toBeTruthy()

      // The client's dashboard shows the appointment.
      const [dashboard] = await consultationRequestsOf(harness.database.db, {
        userId: client?.id ?? '',
        organisation: null,
      })
      expect(dashboard?.status).toBe('Scheduled')
      expect(dashboard?.appointment).toMatchObject({ at: '2026-07-14T14:30:00.000Z', minutes: 45, place: 'Video call' })

      await scheduleAppointment(deps, staff, {
        id,
        version: 2,
        date: '2026-07-15',
        time: '09:00',
        minutes: 30,
        place: 'phone',
        details: undefined,
      })
      await cancelAppointment(deps, staff, { id, version: 3 })
      sent = await mails()
      expect(sent).toHaveLength(3)
      const [, changed, cancelled] = sent.map(icsOf)
      expect(changed).toContain('SEQUENCE:1')
      expect(changed).toContain('DTSTART:20260715T130000Z')
      expect(changed).toContain(`UID:consultation-${id}@`)
      expect(cancelled).toContain('METHOD:CANCEL')
      expect(cancelled).toContain('STATUS:CANCELLED')
      expect(cancelled).toContain('SEQUENCE:2')
      expect(cancelled).toContain(`UID:consultation-${id}@`)
      const detail = await requestDetail(harness.database.db, id)
      expect(detail?.booking).toMatchObject({ status: 'contacted', appointmentAt: null, version: 4 })
      expect(detail?.mails).toHaveLength(3)
      expect(detail?.mails.map((m) => m.state)).toEqual(['created', 'created', 'created'])
    })
  })

  it('exports the filter as CSV with formulas made inert and text quoted', async () => {
    await seedBooking(harness, {
      receivedAt: new Date('2025-01-02T15:00:00Z'),
      name: '=HYPERLINK("http://evil.example","click")',
      firstName: '=HYPERLINK',
      company: '+1 Corp',
      message: 'Line one, "quoted"\nline two',
      email: '@sum@example.com',
      phone: '-1',
    })
    const { csv, rows } = await requestsCsv(harness.database.db, { to: '2025-01-31' })
    expect(rows).toBe(1)
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv).toContain('\r\n')
    const [header, row] = parse(csv, { bom: true }) as string[][]
    const field = (name: string) => row?.[header?.indexOf(name) ?? -1]
    expect(field('Name')).toBe(`'=HYPERLINK("http://evil.example","click")`)
    expect(field('Company')).toBe("'+1 Corp")
    expect(field('E-mail')).toBe("'@sum@example.com")
    expect(field('Phone')).toBe("'-1")
    expect(field('Message')).toBe('Line one, "quoted"\nline two')
    expect(field('Received (New York)')).toBe('Jan 2, 2025, 10:00 AM')
  })

  describe('account administration', () => {
    const adminRecord = async (email: string) => {
      const [row] = await harness.database.db
        .insert(clientOnboarding)
        .values({ email, role: 'admin', status: 'approved', fullName: email })
        .returning()
      if (!row) throw new Error('no row')
      return row
    }

    it('never lets the last admin lose the role, even when two admins demote each other at once', async () => {
      const db = harness.database.db
      // Only these two admins exist in this database.
      const a = await adminRecord('admin-a@portal.test')
      const b = await adminRecord('admin-b@portal.test')
      const results = await Promise.allSettled([
        changeRole(db, staff, { id: a.id, role: 'employee' }),
        changeRole(db, staff, { id: b.id, role: 'employee' }),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect(refused.reason).toBeInstanceOf(DomainError)
      expect(String(refused.reason.message)).toContain('last admin')
      const admins = await listAccounts(db, { role: 'admin' })
      expect(admins.total).toBe(1)
      const last = admins.items[0]
      if (!last) throw new Error('no admin left')
      // Nor can the last admin be disabled.
      await expect(setDisabled(db, staff, { id: last.id, disabled: true })).rejects.toBeInstanceOf(DomainError)
      await expect(changeRole(db, staff, { id: last.id, role: 'client' })).rejects.toBeInstanceOf(DomainError)
      // The refused changes wrote no audit entry; the one that happened wrote one with before and after.
      const roleEntries = await listAudit(db, { action: 'account.role' })
      expect(roleEntries.items.map((e) => [e.before, e.after])).toEqual([[{ role: 'admin' }, { role: 'employee' }]])
    })

    it('ends a disabled account’s session at once and lets it sign in again only once enabled', async () => {
      const email = `disable-me-${randomUUID().slice(0, 8)}@example.com`
      await signUpVerified(harness, email)
      const client = await signIn(harness, email)
      expect((await client.request('/api/account/profile')).status).toBe(200)
      const [record] = await harness.database.db
        .select()
        .from(clientOnboarding)
        .where(eq(clientOnboarding.email, email))
      if (!record) throw new Error('no record')
      await setDisabled(harness.database.db, staff, { id: record.id, disabled: true })
      expect((await client.request('/api/account/profile')).status).toBe(401)
      const again = new Client(harness)
      const refused = await again.request('/api/auth/sign-in/email', { json: { email, password: strongPassword } })
      expect(refused.status).toBe(403)
      expect(await refused.text()).toContain('disabled')
      await setDisabled(harness.database.db, staff, { id: record.id, disabled: false })
      const back = await signIn(harness, email)
      expect((await back.request('/api/account/profile')).status).toBe(200)
      const entries = await listAudit(harness.database.db, { subject: record.id })
      expect(entries.items.map((e) => e.action)).toEqual(['account.enable', 'account.disable'])
      expect(entries.items[1]?.details).toMatchObject({ sessionsEnded: 1 })
    })
  })

  it('lists an invitation nobody accepted, sends a new link that replaces the old one, and revokes it', async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@example.com`
    await harness.accounts.invite(
      { email, name: 'Ina Invited', companyName: null, phone: null, role: 'employee' },
      staff,
    )
    const invitations = async () => (await harness.mails()).filter((m) => m.to.includes(email))
    const [first] = await invitations()
    // Staff are invited to the staff workspace, not to a client account.
    expect(first?.subject).toContain('staff account is ready')
    expect(first?.text).toContain('employee portal')
    expect(first?.text).not.toMatch(/client (account|portal)/)
    const listed = await listAccounts(harness.database.db, { state: 'invited', q: email })
    expect(listed.items.map((i) => i.email)).toEqual([email])
    const id = listed.items[0]?.id ?? ''
    await resendInvitation(harness.accounts, staff, { id })
    const [, second] = await invitations()
    const token = (m: MailMessage | undefined) => /token=([\w-]+)/.exec(m?.text ?? '')?.[1]
    expect(token(second)).toBeDefined()
    expect(await harness.accounts.tokenOwner(token(first) ?? '')).toBeNull()
    expect(await harness.accounts.tokenOwner(token(second) ?? '')).toMatchObject({ email })
    await revokeInvitation(harness.database.db, staff, { id })
    expect(await harness.accounts.tokenOwner(token(second) ?? '')).toBeNull()
    expect((await listAccounts(harness.database.db, { q: email })).total).toBe(0)
    const entries = await listAudit(harness.database.db, { subject: id })
    expect(entries.items.map((e) => e.action)).toEqual(['account.invite_revoke', 'account.invite_resend'])
  })

  it('keeps the audit log append-only in the database', async () => {
    const db = harness.database.db
    await db
      .insert(auditLog)
      .values({ actorUserId: 'x', actorEmail: 'x@portal.test', action: 'test.append', subjectId: 's' })
    // Drizzle wraps the database's error; its cause carries the trigger's message.
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      )
    expect(await refusal(sql`update audit_log set action = 'test.changed' where action = 'test.append'`)).toMatch(
      /append-only: UPDATE refused/,
    )
    expect(await refusal(sql`delete from audit_log where action = 'test.append'`)).toMatch(
      /append-only: DELETE refused/,
    )
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'test.append'))
    expect(row?.subjectId).toBe('s')
  })
})
