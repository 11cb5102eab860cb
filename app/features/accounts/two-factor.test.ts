import { describe, expect, it } from 'vitest'
import { mustEnrolSecondFactor } from './access'
import { backupCodeSchema, totpCodeSchema } from './two-factor'

describe('two-factor sign-in', () => {
  it('asks staff without a second factor to enrol, and nobody else', () => {
    expect(mustEnrolSecondFactor({ role: 'admin', twoFactorEnabled: false })).toBe(true)
    expect(mustEnrolSecondFactor({ role: 'employee', twoFactorEnabled: false })).toBe(true)
    expect(mustEnrolSecondFactor({ role: 'employee', twoFactorEnabled: true })).toBe(false)
    expect(mustEnrolSecondFactor({ role: 'client', twoFactorEnabled: false })).toBe(false)
    expect(mustEnrolSecondFactor(null)).toBe(false)
  })

  it('reads app codes with spaces, and backup codes with or without the dash', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456')
    expect(totpCodeSchema.safeParse('12345').success).toBe(false)
    expect(totpCodeSchema.safeParse('12345a').success).toBe(false)
    expect(backupCodeSchema.parse('aB3dE7fG9h')).toBe('aB3dE-7fG9h')
    expect(backupCodeSchema.parse('aB3dE-7fG9h')).toBe('aB3dE-7fG9h')
    expect(backupCodeSchema.safeParse('aB3dE-7fG9').success).toBe(false)
  })
})
