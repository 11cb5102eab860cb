import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { takeNumber } from '../../server/billing/numbering.server.ts'
import { type Database, openDatabase } from '../../server/db/client.server.ts'
import { billingNumberCounters } from '../../server/db/schema/index.server.ts'
import { backend, onPostgres, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'

class Rollback extends Error {}

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.cleanup()
})
beforeEach(async () => {
  await database.db.delete(billingNumberCounters)
})

/** The sequence parts of numbers like INV-2026-0007, sorted. */
const sequences = (numbers: string[]) => numbers.map((n) => Number(n.split('-')[2])).sort((a, b) => a - b)
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

/** Takes a number in its own transaction; every third one rolls back after taking it. */
async function numberDocuments(db: Database['db'], count: number, rollbackEvery = 3): Promise<string[]> {
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      db
        .transaction(async (tx) => {
          const number = await takeNumber(tx, 'INV', 2026)
          if (rollbackEvery > 0 && i % rollbackEvery === 0) throw new Rollback(number)
          return number
        })
        .catch((error: unknown) => {
          if (error instanceof Rollback) return undefined
          throw error
        }),
    ),
  )
  return results.filter((n): n is string => n !== undefined)
}

describe(`document numbers on ${backend}`, () => {
  it('formats EST/INV/RCT-year-sequence and counts each series and year on its own', async () => {
    const take = (series: string, year: number) => database.db.transaction((tx) => takeNumber(tx, series, year))
    expect(await take('EST', 2026)).toBe('EST-2026-0001')
    expect(await take('EST', 2026)).toBe('EST-2026-0002')
    expect(await take('INV', 2026)).toBe('INV-2026-0001')
    expect(await take('EST', 2027)).toBe('EST-2027-0001')
    expect(await take('RCT', 2026)).toBe('RCT-2026-0001')
    expect(await take('EST', 2026)).toBe('EST-2026-0003')
  })

  it('gives concurrent transactions distinct numbers without gaps, a rolled-back one giving its number back', async () => {
    const committed = await numberDocuments(database.db, 30)
    expect(committed).toHaveLength(20)
    expect(sequences(committed)).toEqual(oneTo(20))
  })

  onPostgres.it(
    'stays gapless and unique when two connection pools (two processes) number at the same time',
    async () => {
      // A second Database on the same server database: its own pool, as another process would have.
      const other = await openDatabase({
        databaseUrl: database.connectionString ?? '',
        dataDir: 'memory',
        log: silentLogger(),
      })
      try {
        const [mine, theirs] = await Promise.all([numberDocuments(database.db, 60), numberDocuments(other.db, 60)])
        const all = [...mine, ...theirs]
        expect(new Set(all).size).toBe(all.length)
        expect(sequences(all)).toEqual(oneTo(80))
        // Both pools really took part.
        expect(mine.length).toBe(40)
        expect(theirs.length).toBe(40)
      } finally {
        await other.close()
      }
    },
  )
})
