import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  availableEvents,
  type BillingEvent,
  clientStatusFilters,
  type DocumentFacts,
  type DocumentKind,
  decide,
  type Party,
  refusalMessage,
  type StoredStatus,
  shownStatus,
  statusesOf,
  statusLabels,
  transitions,
} from './states'

const events: BillingEvent[] = [
  'edit',
  'delete',
  'send',
  'view',
  'accept',
  'decline',
  'convert',
  'pay',
  'refund',
  'void',
  'set-reminders',
  'remind',
]
const parties: Party[] = ['staff', 'client', 'system']
const terminal: StoredStatus[] = ['paid', 'void', 'declined', 'converted', 'issued']

type Model = {
  kind: DocumentKind
  status: StoredStatus | 'deleted'
  totalCents: number
  lineCount: number
  payments: number[]
  refunds: number[]
  expired: boolean
  reminderDue: boolean
}

type Step =
  | {
      type: 'act'
      /** Half the steps pick among the moves that would be allowed, so runs get deep; the rest try anything. */
      guided: boolean
      pick: number
      event: BillingEvent
      party: Party
      amountCents: number
      totalCents: number
      lineCount: number
    }
  | { type: 'calendar'; expired: boolean; reminderDue: boolean }

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      type: fc.constant('act' as const),
      guided: fc.boolean(),
      pick: fc.nat(),
      event: fc.constantFrom(...events),
      party: fc.constantFrom(...parties),
      amountCents: fc.oneof(fc.integer({ min: -100, max: 20_000 }), fc.constantFrom(0, 1, 500, 1000, 2500)),
      totalCents: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.constantFrom(0, 1000, 5000)),
      lineCount: fc.integer({ min: 0, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('calendar' as const), expired: fc.boolean(), reminderDue: fc.boolean() }),
  },
)

/** A guided step's move: one of the allowed ones, a payment of part or all of the balance. */
function guide(facts: DocumentFacts, s: Extract<Step, { type: 'act' }>): Extract<Step, { type: 'act' }> {
  const moves = parties.flatMap((party) => availableEvents(facts, party).map((event) => ({ event, party })))
  const move = moves[s.pick % Math.max(moves.length, 1)]
  if (!move) return s
  const balance = move.event === 'refund' ? facts.amountPaidCents : facts.totalCents - facts.amountPaidCents
  const amountCents = s.pick % 3 === 0 ? balance : 1 + (Math.abs(s.amountCents) % Math.max(balance, 1))
  return { ...s, ...move, amountCents, totalCents: s.totalCents || 1000, lineCount: s.lineCount || 1 }
}

const factsOf = (m: Model): DocumentFacts => ({
  kind: m.kind,
  status: m.status as StoredStatus,
  totalCents: m.totalCents,
  amountPaidCents: netPaid(m),
  lineCount: m.lineCount,
  expired: m.expired,
  reminderDue: m.reminderDue,
})

/** Paid less refunded. */
const netPaid = (m: Model) => m.payments.reduce((a, b) => a + b, 0) - m.refunds.reduce((a, b) => a + b, 0)

function checkInvariants(m: Model) {
  if (m.status === 'deleted') return
  expect(statusesOf[m.kind]).toContain(m.status)
  const paid = netPaid(m)
  expect(paid).toBeGreaterThanOrEqual(0)
  expect(paid).toBeLessThanOrEqual(m.totalCents)
  for (const p of [...m.payments, ...m.refunds]) expect(p).toBeGreaterThan(0)
  if (m.kind === 'invoice') {
    expect(m.status === 'paid').toBe(m.payments.length > 0 && paid === m.totalCents)
    // A refund of everything paid leaves it owing again, never void nor draft.
    if (m.refunds.length > 0 && paid === 0) expect(['sent', 'viewed', 'void']).toContain(m.status)
    expect(m.status === 'partially_paid').toBe(paid > 0 && paid < m.totalCents)
  } else {
    expect(m.payments).toEqual([])
  }
}

describe('the transition table', () => {
  it('never reaches an invalid state, whatever anyone tries in whatever order', () => {
    const reached = new Set<string>()
    fc.assert(
      fc.property(
        fc.constantFrom<DocumentKind>('estimate', 'invoice'),
        fc.array(step, { maxLength: 40 }),
        (kind, steps) => {
          const m: Model = {
            kind,
            status: 'draft',
            totalCents: 0,
            lineCount: 0,
            payments: [],
            refunds: [],
            expired: false,
            reminderDue: false,
          }
          for (const generated of steps) {
            if (m.status === 'deleted') break
            if (generated.type === 'calendar') {
              m.expired = generated.expired
              m.reminderDue = generated.reminderDue
              continue
            }
            const before = m.status
            const facts = factsOf(m)
            const s = generated.guided ? guide(facts, generated) : generated
            const decision = decide(facts, s.event, s.party, { amountCents: s.amountCents })
            if (!decision.ok) {
              expect(refusalMessage(kind, decision.refusal)).toMatch(/\S/)
              continue
            }
            // Whatever succeeded is a row of the table, done by its party from one of its statuses.
            const rule = decision.rule
            expect(transitions).toContain(rule)
            expect(rule.by).toBe(s.party)
            expect(rule.from).toContain(before)
            // Paid is final but for a refund, which reopens the invoice.
            if (s.event !== 'refund') expect(terminal).not.toContain(before)
            if (s.event === 'accept' || s.event === 'decline') expect(m.expired).toBe(false)
            if (s.event === 'edit') {
              expect(before).toBe('draft')
              m.totalCents = s.totalCents
              m.lineCount = s.lineCount
            }
            if (s.event === 'pay') m.payments.push(s.amountCents)
            if (s.event === 'refund') m.refunds.push(s.amountCents)
            if (s.event === 'send') expect(m.totalCents).toBeGreaterThan(0)
            m.status = decision.to
            reached.add(`${kind}:${m.status}`)
            // Nothing goes back to draft once it has left it.
            if (before !== 'draft') expect(m.status).not.toBe('draft')
            checkInvariants(m)
          }
          checkInvariants(m)
        },
      ),
      { numRuns: 2000 },
    )
    // The runs went everywhere the table allows, so the invariants were checked in every state.
    for (const kind of ['estimate', 'invoice'] as const) {
      for (const status of [...statusesOf[kind], 'deleted']) {
        if (status === 'draft') continue
        expect(reached, `${kind} never reached ${status}`).toContain(`${kind}:${status}`)
      }
    }
    // 2,000 runs of up to 40 steps: about a second alone, several on a machine busy with the other suites.
  }, 30_000)

  it('offers exactly the events that decide() would allow', () => {
    const kinds: DocumentKind[] = ['estimate', 'invoice', 'receipt']
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds).chain((kind) =>
          fc.record({
            kind: fc.constant(kind),
            status: fc.constantFrom(...statusesOf[kind]),
            totalCents: fc.integer({ min: 0, max: 5000 }),
            amountPaidCents: fc.integer({ min: 0, max: 5000 }),
            lineCount: fc.integer({ min: 0, max: 2 }),
            expired: fc.boolean(),
            reminderDue: fc.boolean(),
          }),
        ),
        fc.constantFrom(...parties),
        (facts, party) => {
          const offered = availableEvents(facts, party)
          for (const event of events) {
            const probe = event === 'pay' || event === 'refund' ? { amountCents: 1 } : {}
            expect(offered.includes(event)).toBe(decide(facts, event, party, probe).ok)
          }
        },
      ),
    )
  })

  const invoice = (over: Partial<DocumentFacts> = {}): DocumentFacts => ({
    kind: 'invoice',
    status: 'sent',
    totalCents: 10_000,
    amountPaidCents: 0,
    lineCount: 2,
    expired: false,
    ...over,
  })
  const estimate = (over: Partial<DocumentFacts> = {}): DocumentFacts => ({ ...invoice(), kind: 'estimate', ...over })

  it('lets only the client accept or decline, and only before the estimate expires', () => {
    expect(decide(estimate(), 'accept', 'client')).toMatchObject({ ok: true, to: 'accepted' })
    expect(decide(estimate({ status: 'viewed' }), 'decline', 'client')).toMatchObject({ ok: true, to: 'declined' })
    expect(decide(estimate(), 'accept', 'staff')).toEqual({ ok: false, refusal: 'wrong-party' })
    expect(decide(estimate({ expired: true }), 'accept', 'client')).toEqual({ ok: false, refusal: 'expired' })
    expect(decide(estimate({ status: 'declined' }), 'accept', 'client')).toEqual({ ok: false, refusal: 'wrong-status' })
    expect(decide(estimate({ status: 'draft' }), 'accept', 'client')).toEqual({ ok: false, refusal: 'wrong-status' })
  })

  it('moves an invoice to partially paid, then paid, and refuses more than the balance', () => {
    expect(decide(invoice(), 'pay', 'staff', { amountCents: 4000 })).toMatchObject({ ok: true, to: 'partially_paid' })
    const partly = invoice({ status: 'partially_paid', amountPaidCents: 4000 })
    expect(decide(partly, 'pay', 'staff', { amountCents: 6001 })).toEqual({ ok: false, refusal: 'bad-amount' })
    expect(decide(partly, 'pay', 'staff', { amountCents: 6000 })).toMatchObject({ ok: true, to: 'paid' })
    expect(decide(invoice({ status: 'paid', amountPaidCents: 10_000 }), 'pay', 'staff', { amountCents: 1 })).toEqual({
      ok: false,
      refusal: 'wrong-status',
    })
    expect(decide(invoice({ status: 'draft' }), 'pay', 'staff', { amountCents: 1 })).toEqual({
      ok: false,
      refusal: 'wrong-status',
    })
    expect(decide(partly, 'void', 'staff')).toEqual({ ok: false, refusal: 'wrong-status' })
  })

  it('sends only a draft with lines and a total above zero, and only by staff', () => {
    expect(decide(invoice({ status: 'draft' }), 'send', 'staff')).toMatchObject({ ok: true, to: 'sent' })
    expect(decide(invoice({ status: 'draft', lineCount: 0 }), 'send', 'staff')).toEqual({
      ok: false,
      refusal: 'not-sendable',
    })
    expect(decide(invoice({ status: 'draft', totalCents: 0 }), 'send', 'staff')).toEqual({
      ok: false,
      refusal: 'not-sendable',
    })
    expect(decide(invoice({ status: 'draft' }), 'send', 'client')).toEqual({ ok: false, refusal: 'wrong-party' })
    expect(decide(invoice(), 'edit', 'staff')).toEqual({ ok: false, refusal: 'wrong-status' })
  })

  it('never lets anyone change a receipt', () => {
    const receipt: DocumentFacts = { ...invoice(), kind: 'receipt', status: 'issued' }
    for (const party of parties) expect(availableEvents(receipt, party)).toEqual([])
  })
})

describe('statuses read from the calendar', () => {
  const base = { dueOn: '2026-03-10', expiresOn: null }
  it('shows an open invoice as overdue from the day after its due date', () => {
    expect(shownStatus({ kind: 'invoice', status: 'sent', ...base }, '2026-03-10')).toBe('sent')
    expect(shownStatus({ kind: 'invoice', status: 'sent', ...base }, '2026-03-11')).toBe('overdue')
    expect(shownStatus({ kind: 'invoice', status: 'partially_paid', ...base }, '2026-04-01')).toBe('overdue')
    expect(shownStatus({ kind: 'invoice', status: 'paid', ...base }, '2026-04-01')).toBe('paid')
    expect(shownStatus({ kind: 'invoice', status: 'draft', ...base }, '2026-04-01')).toBe('draft')
  })
  it('shows an open invoice whose whole balance is in a pending bank payment as payment pending, not overdue', () => {
    const money = { totalCents: 10_000, amountPaidCents: 4000 }
    const open = { kind: 'invoice' as const, status: 'partially_paid' as const, ...base, ...money }
    expect(shownStatus({ ...open, pendingCents: 6000 }, '2026-04-01')).toBe('payment_pending')
    expect(shownStatus({ ...open, pendingCents: 6000 }, '2026-03-01')).toBe('payment_pending')
    expect(shownStatus({ ...open, pendingCents: 5999 }, '2026-04-01')).toBe('overdue')
    expect(shownStatus({ ...open, pendingCents: 0 }, '2026-03-01')).toBe('partially_paid')
    expect(shownStatus({ ...open, status: 'paid', pendingCents: 6000 }, '2026-04-01')).toBe('paid')
    expect(statusLabels.payment_pending).toBe('Payment pending')
    expect(clientStatusFilters.invoice).toContain('payment_pending')
  })
  it('shows an estimate waiting for a decision as expired after its expiry date', () => {
    const doc = { kind: 'estimate' as const, dueOn: null, expiresOn: '2026-03-10' }
    expect(shownStatus({ ...doc, status: 'viewed' }, '2026-03-10')).toBe('viewed')
    expect(shownStatus({ ...doc, status: 'viewed' }, '2026-03-11')).toBe('expired')
    expect(shownStatus({ ...doc, status: 'accepted' }, '2026-03-11')).toBe('accepted')
  })
})

describe('docs/billing.md', () => {
  it('lists exactly the rows of the transition table', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/billing.md'), 'utf8')
    const rows = doc.split('\n').filter((line) => /^\| (estimate|invoice|receipt) \| [a-z-]+ \|/.test(line))
    const target = {
      deleted: '(deleted)',
      same: '(same)',
      'by-balance': 'partially_paid or paid',
      'by-refund': 'partially_paid or sent',
    } as Record<string, string>
    const expected = transitions.map(
      (t) => `| ${t.kind} | ${t.event} | ${t.from.join(', ')} | ${target[t.to] ?? t.to} | ${t.by} |`,
    )
    expect(rows.map((row) => `${row.split('|').slice(0, 6).join('|')}|`)).toEqual(expected)
  })
})
