import { describe, expect, it } from 'vitest'
import { lockSecondsAfter, signInThrottlePolicy, throttleKey } from './sign-in-throttle.server.ts'

describe('the per-account sign-in lock', () => {
  it('costs nothing for the first failures, then 30 s doubling to at most 15 minutes', () => {
    const locks = Array.from({ length: 14 }, (_, i) => lockSecondsAfter(i + 1))
    expect(locks).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900, 900, 900])
    expect(lockSecondsAfter(1_000_000)).toBe(signInThrottlePolicy.maxLockSeconds)
  })

  it('keys an address as Better Auth finds accounts: trimmed and lower-cased', () => {
    expect(throttleKey('  Dana@Example.COM ')).toBe('dana@example.com')
  })
})
