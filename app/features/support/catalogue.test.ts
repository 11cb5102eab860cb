import { describe, expect, it } from 'vitest'
import {
  canMoveTicket,
  defaultTicketTargets,
  nextTicketStatuses,
  ticketNumberFrom,
  ticketNumberText,
  ticketPriorityWords,
  ticketStatuses,
} from './catalogue'

describe('the support catalogue', () => {
  it('writes and reads ticket numbers as T-000123', () => {
    expect(ticketNumberText(123)).toBe('T-000123')
    expect(ticketNumberText(1234567)).toBe('T-1234567')
    expect(ticketNumberFrom('Re: [#T-000123] Printer')).toBe(123)
    expect(ticketNumberFrom('about t-42 again')).toBe(42)
    expect(ticketNumberFrom('no number here')).toBeNull()
  })

  it('lets a client only mark a ticket resolved, and nobody move a closed one', () => {
    for (const from of ticketStatuses) {
      expect(nextTicketStatuses(from, 'client').every((to) => to === 'resolved')).toBe(true)
    }
    expect(nextTicketStatuses('closed', 'staff')).toEqual([])
    expect(canMoveTicket('new', 'open', 'staff')).toBe(true)
    expect(canMoveTicket('resolved', 'open', 'client')).toBe(false)
    expect(canMoveTicket('open', 'open', 'staff')).toBe(false)
  })

  it('says what urgent means and the default targets in business time', () => {
    expect(ticketPriorityWords.urgent).toBe('urgent: the business cannot work')
    expect(defaultTicketTargets.urgent).toMatchObject({ firstResponseMinutes: 60, resolutionMinutes: 240 })
    expect(defaultTicketTargets.high.resolutionMinutes).toBe(9 * 60)
    expect(defaultTicketTargets.normal.resolutionMinutes).toBe(3 * 9 * 60)
    expect(defaultTicketTargets.low).toMatchObject({ firstResponseMinutes: 9 * 60, resolutionMinutes: 5 * 9 * 60 })
  })
})
