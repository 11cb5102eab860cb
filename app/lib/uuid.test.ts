import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isUuid } from './uuid'

describe('isUuid', () => {
  it('accepts the ids the database and the browser make, in either case', () => {
    const id = randomUUID()
    expect(isUuid(id)).toBe(true)
    expect(isUuid(id.toUpperCase())).toBe(true)
  })

  it('refuses what an address or a form could carry instead', () => {
    for (const value of ['', 'not-an-id', `${randomUUID()} `, `${randomUUID()}0`, '1234', undefined, null, 42]) {
      expect(isUuid(value)).toBe(false)
    }
  })
})
