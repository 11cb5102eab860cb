import { createEvent } from 'ics'
import { describe, expect, it } from 'vitest'
import { icsParameterText } from './ics-param'

describe('icsParameterText', () => {
  it('writes quotes and carets as RFC 6868 says, so the attendee line holds no quote inside its value', () => {
    const name = icsParameterText('Ann "Ace" O^Neil')
    expect(name).toBe("Ann ^'Ace^' O^^Neil")
    const { value } = createEvent({
      start: [2030, 1, 2, 10, 0],
      duration: { minutes: 30 },
      attendees: [{ name, email: 'ann@example.com' }],
    })
    expect(value).toContain(`CN="Ann ^'Ace^' O^^Neil":mailto:ann@example.com`)
    expect(value).not.toContain('\\"')
  })
})
