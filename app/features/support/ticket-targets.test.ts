import { describe, expect, it } from 'vitest'
import { dueSoonBefore, minutesLeft, type StatusChange, stretchesIn, ticketTargets } from './ticket-targets'

const at = (iso: string) => new Date(iso)
// Monday January 12, 2026, 9:00 New York (EST, UTC-5).
const opened = at('2026-01-12T14:00:00Z')
const ticket = (over: Partial<Parameters<typeof ticketTargets>[0]> = {}) => ({
  createdAt: opened,
  priority: 'normal' as const,
  status: 'new',
  firstRespondedAt: null,
  resolvedAt: null,
  ...over,
})
const change = (from: string, to: string, iso: string): StatusChange => ({ from, to, at: at(iso) })

describe("a ticket's targets", () => {
  it('counts from the opening in business hours with the current priority', () => {
    const now = at('2026-01-12T15:00:00Z')
    const normal = ticketTargets(ticket(), [], now)
    // 4 h first response: 13:00; 3 business days resolution: Thursday 9:00.
    expect(normal.firstResponse).toEqual({
      kind: 'first_response',
      state: 'running',
      dueAt: at('2026-01-12T18:00:00Z'),
    })
    expect(normal.resolution).toEqual({ kind: 'resolution', state: 'running', dueAt: at('2026-01-15T14:00:00Z') })
    expect(normal.nextDueAt).toEqual(at('2026-01-12T18:00:00Z'))
    // Raised to urgent later: 1 h / 4 h from the opening.
    const urgent = ticketTargets(ticket({ priority: 'urgent' }), [], now)
    expect(urgent.nextDueAt).toEqual(at('2026-01-12T15:00:00Z'))
    expect(minutesLeft(urgent.firstResponse, at('2026-01-12T15:30:00Z'))).toBe(-30)
  })

  it('pauses both clocks while waiting on the client, and goes on from there', () => {
    const changes = [
      change('new', 'open', '2026-01-12T14:30:00Z'),
      change('open', 'waiting_on_client', '2026-01-12T15:00:00Z'), // after 1 business hour
      change('waiting_on_client', 'open', '2026-01-13T15:00:00Z'), // Tuesday 10:00
    ]
    const waiting = ticketTargets(
      ticket({ status: 'waiting_on_client' }),
      changes.slice(0, 2),
      at('2026-01-12T20:00:00Z'),
    )
    expect(waiting.firstResponse.state).toBe('paused')
    expect(waiting.resolution.state).toBe('paused')
    expect(waiting.nextDueAt).toBeNull()
    const back = ticketTargets(ticket({ status: 'open' }), changes, at('2026-01-13T15:00:00Z'))
    // 3 business hours of the first response left from Tuesday 10:00: 13:00.
    expect(back.firstResponse).toMatchObject({ state: 'running', dueAt: at('2026-01-13T18:00:00Z') })
    // The resolution moves by the one business day spent waiting (Mon 10:00 to Tue 10:00): Friday 9:00.
    expect(back.resolution).toMatchObject({ state: 'running', dueAt: at('2026-01-16T14:00:00Z') })
  })

  it('is met once answered or resolved, and says whether it was late', () => {
    const answered = ticketTargets(
      ticket({ priority: 'urgent', status: 'open', firstRespondedAt: at('2026-01-12T15:30:00Z') }),
      [change('new', 'open', '2026-01-12T15:30:00Z')],
      at('2026-01-12T16:00:00Z'),
    )
    expect(answered.firstResponse).toMatchObject({ state: 'met', breached: true })
    expect(answered.nextDueAt).toEqual(at('2026-01-12T18:00:00Z'))
    const resolved = ticketTargets(
      ticket({
        status: 'resolved',
        firstRespondedAt: at('2026-01-12T14:10:00Z'),
        resolvedAt: at('2026-01-12T16:00:00Z'),
      }),
      [change('new', 'resolved', '2026-01-12T16:00:00Z')],
      at('2026-01-20T16:00:00Z'),
    )
    expect(resolved.firstResponse).toMatchObject({ state: 'met', breached: false })
    expect(resolved.resolution).toMatchObject({ state: 'met', breached: false, dueAt: at('2026-01-15T14:00:00Z') })
    expect(resolved.nextDueAt).toBeNull()
  })

  it('stops the resolution clock while resolved, so a reopened ticket goes on where it stopped', () => {
    const reopened = ticketTargets(
      ticket({ status: 'open', firstRespondedAt: at('2026-01-12T14:10:00Z') }),
      [change('new', 'resolved', '2026-01-12T15:00:00Z'), change('resolved', 'open', '2026-01-13T15:00:00Z')],
      at('2026-01-13T15:00:00Z'),
    )
    // Resolved Mon 10:00 to Tue 10:00, one business day: Thursday 9:00 becomes Friday 9:00.
    expect(reopened.resolution).toMatchObject({ state: 'running', dueAt: at('2026-01-16T14:00:00Z') })
  })

  it('reads stretches from changes in any order, and one opened straight into waiting', () => {
    const now = at('2026-01-14T00:00:00Z')
    expect(stretchesIn(['waiting_on_client'], [], opened, now, 'waiting_on_client')).toEqual([
      { start: opened, end: now },
    ])
    expect(
      stretchesIn(
        ['waiting_on_client'],
        [
          change('waiting_on_client', 'open', '2026-01-13T00:00:00Z'),
          change('new', 'waiting_on_client', '2026-01-12T20:00:00Z'),
        ],
        opened,
        now,
        'open',
      ),
    ).toEqual([{ start: at('2026-01-12T20:00:00Z'), end: at('2026-01-13T00:00:00Z') }])
  })

  it('calls a target due soon within an hour of business time', () => {
    // Friday 16:30 New York: an hour of business time ends Monday 8:30.
    expect(dueSoonBefore(at('2026-01-16T21:30:00Z'))).toEqual(at('2026-01-19T13:30:00Z'))
  })
})
