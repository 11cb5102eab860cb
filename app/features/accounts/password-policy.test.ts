import { describe, expect, it } from 'vitest'
import { isCommonPassword, passwordProblem, passwordRules, passwordStrength } from './password-policy'

describe('password policy', () => {
  it('accepts 8 to 128 characters with no composition rules', () => {
    expect(passwordProblem('correct horse battery staple')).toBeUndefined()
    expect(passwordProblem('abcdefghij')).toBeUndefined()
    expect(passwordProblem('a'.repeat(64))).toBeUndefined()
    expect(passwordProblem('x'.repeat(passwordRules.maxLength))).toBeUndefined()
  })

  it('refuses short, overlong and common passwords with a reason', () => {
    expect(passwordProblem('short')).toBe('Use at least 8 characters.')
    expect(passwordProblem('x'.repeat(129))).toBe('Use at most 128 characters.')
    expect(passwordProblem('Password123')).toMatch(/too common/)
    expect(isCommonPassword('QWERTYUIOP')).toBe(true)
    expect(isCommonPassword('river-lantern-copper')).toBe(false)
  })

  it('scores length above variety and flags common passwords', () => {
    expect(passwordStrength('').score).toBe(0)
    expect(passwordStrength('abc').label).toBe('Too short')
    expect(passwordStrength('password1').label).toBe('Too common')
    expect(passwordStrength('aaaaaaaaaa').label).toBe('Too common')
    expect(passwordStrength('lanterns').label).toBe('Weak')
    expect(passwordStrength('Lant3rn!').label).toBe('Fair')
    expect(passwordStrength('river lantern copper').label).toBe('Strong')
    expect(passwordStrength('river-Lantern-copper-9').label).toBe('Very strong')
  })
})
