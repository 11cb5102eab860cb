import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../lib/business-time'
import { nextReminderOn, type ReminderFacts, reminderDue } from './reminders'

const invoice = (over: Partial<ReminderFacts> = {}): ReminderFacts => ({
  status: 'sent',
  dueOn: '2026-03-10',
  remindersEnabled: true,
  remindersSent: 0,
  lastRemindedOn: null,
  ...over,
})

describe('overdue reminders', () => {
  it('falls due 3 days after the due date, then weekly', () => {
    expect(nextReminderOn(invoice())).toBe('2026-03-13')
    expect(reminderDue(invoice(), '2026-03-12')).toBe(false)
    expect(reminderDue(invoice(), '2026-03-13')).toBe(true)
    const once = invoice({ remindersSent: 1, lastRemindedOn: '2026-03-13' })
    expect(nextReminderOn(once)).toBe('2026-03-20')
    expect(reminderDue(once, '2026-03-19')).toBe(false)
    // A server down on the day sends it at the next run, and the week counts from then.
    expect(reminderDue(invoice({ remindersSent: 1, lastRemindedOn: '2026-03-16' }), '2026-03-20')).toBe(false)
  })

  it('stops after three, when turned off, and once the invoice is paid or void', () => {
    expect(nextReminderOn(invoice({ remindersSent: 3, lastRemindedOn: '2026-03-27' }))).toBeNull()
    expect(nextReminderOn(invoice({ remindersEnabled: false }))).toBeNull()
    expect(nextReminderOn(invoice({ status: 'paid' }))).toBeNull()
    expect(nextReminderOn(invoice({ status: 'void' }))).toBeNull()
    expect(nextReminderOn(invoice({ status: 'draft' }))).toBeNull()
    expect(nextReminderOn(invoice({ status: 'partially_paid' }))).toBe('2026-03-13')
  })

  it('sends at most three, at least a week apart and never before 3 days late, whatever the days it runs', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 60 }), (gaps) => {
        let state = invoice()
        let today = '2026-03-01'
        const sent: string[] = []
        for (const gap of gaps) {
          today = addDays(today, gap)
          if (!reminderDue(state, today)) continue
          sent.push(today)
          state = { ...state, remindersSent: state.remindersSent + 1, lastRemindedOn: today }
        }
        expect(sent.length).toBeLessThanOrEqual(3)
        if (sent[0]) expect(sent[0] >= '2026-03-13').toBe(true)
        for (let i = 1; i < sent.length; i++) expect(addDays(sent[i - 1] ?? '', 7) <= (sent[i] ?? '')).toBe(true)
      }),
    )
  })
})
