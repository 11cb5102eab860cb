import { describe, expect, it } from 'vitest'
import { business } from '../../app/content/business.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { loadConfig } from '../config.server.ts'

describe('booking intake settings from the environment', () => {
  it('defaults: the business e-mail as inbox, no other origins, 10 requests per sender per 10 minutes', () => {
    const config = loadConfig({})
    expect(config.bookingInbox).toBe(business.email)
    expect(config.allowedOrigins).toEqual([])
    expect(config.intakeRateLimit).toEqual({ max: 10, windowSeconds: 600 })
  })

  it('reads BOOKING_INBOX, ALLOWED_ORIGINS and the rate limit', () => {
    const config = loadConfig({
      BOOKING_INBOX: 'Office@Example.com',
      ALLOWED_ORIGINS: ' https://www.example.com, http://localhost:5173 ,',
      INTAKE_RATE_LIMIT: '0',
      INTAKE_RATE_WINDOW_SECONDS: '60',
    })
    expect(config.bookingInbox).toBe('office@example.com')
    expect(config.allowedOrigins).toEqual(['https://www.example.com', 'http://localhost:5173'])
    expect(config.intakeRateLimit).toEqual({ max: 0, windowSeconds: 60 })
    expect(loadConfig({ BOOKING_INBOX: '', ALLOWED_ORIGINS: '' })).toMatchObject({
      bookingInbox: business.email,
      allowedOrigins: [],
    })
  })

  it('stops with one line naming the variable when a value is wrong', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env)
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError)
        return (error as Error).message
      }
      throw new Error('accepted')
    }
    expect(message({ BOOKING_INBOX: 'office' })).toBe(
      'Invalid configuration: BOOKING_INBOX="office" must be an e-mail address',
    )
    expect(message({ ALLOWED_ORIGINS: 'https://www.example.com/path' })).toMatch(
      /^Invalid configuration: ALLOWED_ORIGINS="https:\/\/www\.example\.com\/path" must be a comma-separated list of origins/,
    )
    expect(message({ INTAKE_RATE_LIMIT: '-1' })).toMatch(/^Invalid configuration: INTAKE_RATE_LIMIT="-1" /)
    expect(message({ INTAKE_RATE_WINDOW_SECONDS: '0' })).toMatch(
      /^Invalid configuration: INTAKE_RATE_WINDOW_SECONDS="0" /,
    )
    for (const text of ['office', '-1']) expect(message({ INTAKE_RATE_LIMIT: text }).split('\n')).toHaveLength(1)
  })
})
