import { describe, expect, it } from 'vitest'
import type { Db } from './client.server.ts'
import { preparedOnce, preparedPerVariant } from './prepared.server.ts'

// Two stand-ins for databases: the helpers only key on their identity.
const first = {} as Db
const second = {} as Db

describe('statements prepared once', () => {
  it('builds them once per database', () => {
    const built: Db[] = []
    const statementsOf = preparedOnce((db) => {
      built.push(db)
      return { db }
    })
    expect(statementsOf(first)).toBe(statementsOf(first))
    expect(statementsOf(second).db).toBe(second)
    expect(built).toEqual([first, second])
  })

  it('builds each variant once per database', () => {
    const built: string[] = []
    const statementsOf = preparedPerVariant((db: Db, variant: 'a' | 'b') => {
      built.push(`${db === first ? 'first' : 'second'}:${variant}`)
      return { variant }
    })
    expect(statementsOf(first, 'a')).toBe(statementsOf(first, 'a'))
    expect(statementsOf(first, 'b').variant).toBe('b')
    expect(statementsOf(second, 'a')).not.toBe(statementsOf(first, 'a'))
    expect(built).toEqual(['first:a', 'first:b', 'second:a'])
  })
})
