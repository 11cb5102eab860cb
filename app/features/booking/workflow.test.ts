import { describe, expect, it } from 'vitest'
import { addDays, businessDate } from '~/lib/business-time'
import { assignSchema, canMove, requestStatuses, scheduleSchema, statusMoves } from './workflow'

describe('the request workflow', () => {
  it('never offers "scheduled" in the status form (scheduling sends the invitation) nor a move to itself', () => {
    for (const from of requestStatuses) {
      expect(statusMoves[from]).not.toContain('scheduled')
      expect(statusMoves[from]).not.toContain(from)
    }
    expect(canMove('new', 'contacted')).toBe(true)
    expect(canMove('spam', 'completed')).toBe(false)
  })

  const valid = {
    id: '00000000-0000-4000-8000-000000000000',
    version: '3',
    // A month from today: appointments are for the year to come.
    date: addDays(businessDate(new Date()), 30),
    time: '10:30',
    minutes: '45',
    place: 'phone',
    details: '',
  }

  it('takes an appointment of 30 to 60 minutes, and a video call only with its https link', () => {
    expect(scheduleSchema.safeParse(valid).success).toBe(true)
    expect(scheduleSchema.safeParse({ ...valid, minutes: '20' }).success).toBe(false)
    expect(scheduleSchema.safeParse({ ...valid, minutes: '90' }).success).toBe(false)
    expect(scheduleSchema.safeParse({ ...valid, time: '25:00' }).success).toBe(false)
    expect(scheduleSchema.safeParse({ ...valid, place: 'video', details: 'zoom' }).success).toBe(false)
    expect(scheduleSchema.safeParse({ ...valid, place: 'video', details: 'https://meet.example.com/x' }).success).toBe(
      true,
    )
    expect(scheduleSchema.safeParse({ ...valid, details: 'line\u0000break' }).success).toBe(false)
  })

  it('takes a date still to come within the year, never the past, a day that does not exist or year 9999', () => {
    const today = businessDate(new Date())
    for (const date of ['2020-01-01', addDays(today, -1), addDays(today, 400), '9999-12-31', '2027-02-30', 'soon']) {
      expect(scheduleSchema.safeParse({ ...valid, date }).success, date).toBe(false)
    }
    expect(scheduleSchema.safeParse({ ...valid, date: addDays(today, 300) }).success).toBe(true)
  })

  it('reads "nobody" as no assignee', () => {
    expect(assignSchema.parse({ id: valid.id, version: '1', assignee: 'nobody' }).assignee).toBe('')
  })
})
