import { describe, expect, it } from 'vitest'
import { DomainError } from '../app/lib/domain-error.ts'
import { workerCount } from './cluster.server.ts'
import { loadConfig } from './config.server.ts'

describe('WEB_CONCURRENCY', () => {
  it('defaults to one process and accepts 1 to 64', () => {
    expect(loadConfig({}).webConcurrency).toBe(1)
    expect(loadConfig({ WEB_CONCURRENCY: '' }).webConcurrency).toBe(1)
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4)
    for (const bad of ['0', '65', '1.5', 'two']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(DomainError)
    }
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/^Invalid configuration: WEB_CONCURRENCY="0"/)
  })

  it('runs several processes only on a real PostgreSQL and never in development', () => {
    const pg = 'postgres://app@db.internal/app'
    expect(workerCount({ webConcurrency: 3, databaseUrl: pg }, false)).toBe(3)
    expect(workerCount({ webConcurrency: 3, databaseUrl: undefined }, false)).toBe(1)
    expect(workerCount({ webConcurrency: 3, databaseUrl: pg }, true)).toBe(1)
    expect(workerCount({ webConcurrency: 1, databaseUrl: pg }, false)).toBe(1)
  })
})
