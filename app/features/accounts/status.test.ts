import { describe, expect, it } from 'vitest'
import { accountRoleOf, accountStatusOf, statusUpdatedToast } from './status'

describe('account status mapping', () => {
  it.each([
    ['verified', 'approved'],
    ['approved', 'approved'],
    ['pending_verification', 'pending'],
    ['pending', 'pending'],
    ['rejected', 'rejected'],
    [null, 'pending'],
    [undefined, 'pending'],
    ['something-else', 'pending'],
  ])('%s reads as %s', (stored, shown) => {
    expect(accountStatusOf(stored)).toBe(shown)
  })

  it('knows the staff roles and treats everything else as a client', () => {
    expect(accountRoleOf('admin')).toBe('admin')
    expect(accountRoleOf('employee')).toBe('employee')
    expect(accountRoleOf('client')).toBe('client')
    expect(accountRoleOf(null)).toBe('client')
    expect(accountRoleOf('Admin')).toBe('client')
  })

  it('words the live status toast exactly', () => {
    expect(statusUpdatedToast('approved')).toEqual({
      title: 'Account Status Updated',
      description: 'Your account status has been updated to approved',
    })
  })
})
