import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrors, firstError } from './result'

describe('field errors', () => {
  const schema = z.object({
    name: z.string().min(1, 'Enter your name.').max(3, 'Too long.'),
    email: z.email('Enter an e-mail address.'),
  })

  it('files every message under its field, in order, once each', () => {
    const parsed = schema.safeParse({ name: '', email: 'x' })
    expect(parsed.success).toBe(false)
    const errors = fieldErrors(parsed.error as z.ZodError)
    expect(errors).toEqual({ name: ['Enter your name.'], email: ['Enter an e-mail address.'] })
    expect(firstError(errors, 'email')).toBe('Enter an e-mail address.')
    expect(firstError(errors, 'phone')).toBeUndefined()
    expect(firstError(undefined, 'email')).toBeUndefined()
  })

  it('files an issue about the whole form under "form"', () => {
    const parsed = schema.safeParse('not an object')
    expect(fieldErrors(parsed.error as z.ZodError)).toEqual({ form: [expect.any(String)] })
  })
})
