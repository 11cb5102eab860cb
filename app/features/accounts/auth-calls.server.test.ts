import { describe, expect, it } from 'vitest'
import { type AuthResult, authRefusal, somethingWentWrong, tooManyAttempts } from './auth-calls.server'

// A refused Better Auth call becomes the DomainError its status means, in the page's words.

const refused = (status: number, code?: string, message?: string): AuthResult => ({
  ok: false,
  status,
  code,
  message,
  body: undefined,
  headers: new Headers(),
})

describe('authRefusal', () => {
  it.each([
    [400, 'invalid', 400],
    [401, 'unauthenticated', 401],
    [403, 'forbidden', 403],
    [404, 'not_found', 404],
    [409, 'conflict', 409],
    [410, 'gone', 410],
    [422, 'invalid', 400],
    [429, 'rate_limited', 429],
  ] as const)('takes Better Auth’s %i as %s (%i)', (status, kind, answered) => {
    const error = authRefusal(refused(status, 'SOME_CODE', 'Better Auth says so.'), '/path')
    expect(error.kind).toBe(kind)
    expect(error.status).toBe(answered)
  })

  it("says Better Auth's message unless the page has words for the code or the status; a 429 says to wait", () => {
    expect(authRefusal(refused(400, 'X', 'Their words.'), '/p').message).toBe('Their words.')
    expect(authRefusal(refused(400), '/p').message).toBe(somethingWentWrong)
    expect(authRefusal(refused(429, 'X', 'Too many requests'), '/p').message).toBe(tooManyAttempts)
    const words = { INVALID_OTP: 'The link is used.', 400: 'Ours for any 400.' }
    expect(authRefusal(refused(400, 'INVALID_OTP'), '/p', words).message).toBe('The link is used.')
    expect(authRefusal(refused(400, 'OTHER'), '/p', words).message).toBe('Ours for any 400.')
    const made = authRefusal(refused(429, 'LOCKED'), '/p', { 429: (r) => `Locked: ${r.code}` })
    expect(made.message).toBe('Locked: LOCKED')
  })

  it('puts words for a field beside that field', () => {
    const error = authRefusal(refused(400, 'INVALID_PASSWORD'), '/p', {
      INVALID_PASSWORD: { message: 'Not right.', field: 'currentPassword' },
    })
    expect(error.fields).toEqual({ currentPassword: ['Not right.'] })
  })

  it('throws a bug, not a refusal, for an answer that is no refusal (a 500)', () => {
    expect(() => authRefusal(refused(500, undefined, 'Failed'), '/sign-in/email')).toThrow(
      'Better Auth answered /sign-in/email with 500',
    )
  })
})
