import { describe, expect, it } from 'vitest'
import { DomainError, type DomainErrorKind, domainErrorStatus, isDomainError } from './domain-error'

describe('DomainError', () => {
  const expected: Record<DomainErrorKind, number> = {
    invalid: 400,
    unauthenticated: 401,
    forbidden: 403,
    not_found: 404,
    conflict: 409,
    gone: 410,
    rate_limited: 429,
    unavailable: 502,
  }

  it.each(Object.entries(expected))('%s answers %i', (kind, status) => {
    const error = new DomainError(kind as DomainErrorKind, 'words')
    expect(error.status).toBe(status)
    expect(domainErrorStatus[kind as DomainErrorKind]).toBe(status)
  })

  it('carries its message, field errors and conflict time, and is told apart from other errors', () => {
    const changedAt = new Date('2026-11-26T10:00:00Z')
    const error = new DomainError('conflict', 'Someone else changed it.', { fields: { a: ['x'] }, changedAt })
    expect(error.message).toBe('Someone else changed it.')
    expect(error.fields).toEqual({ a: ['x'] })
    expect(error.changedAt).toBe(changedAt)
    expect(isDomainError(error)).toBe(true)
    expect(isDomainError(new Error('bug'))).toBe(false)
  })

  it('puts a message about one field beside that field', () => {
    const error = new DomainError('invalid', 'Choose one of the client accounts.', { field: 'clientId' })
    expect(error.fields).toEqual({ clientId: ['Choose one of the client accounts.'] })
  })
})
