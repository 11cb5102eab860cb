import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { areaCounts, navigationFor } from '../../app/features/staff/areas.server.ts'
import { selectRows } from '../../server/db/client.server.ts'
import { blogPosts } from '../../server/db/schema/index.server.ts'
import { openTestDatabase, type TestDatabase } from './helpers/database.ts'
import { statementsDuring } from './helpers/statements.ts'

// The back office's navigation shows, beside each area, what needs attention there (new requests,
// new tickets, drafts…): every page of the back office reads them, in one statement
// (app/features/staff/areas.server.ts).

let database: TestDatabase
const today = '2026-03-02'

beforeAll(async () => {
  database = await openTestDatabase()
  await database.db.insert(blogPosts).values(
    ['first-draft', 'second-draft'].map((slug) => ({
      slug,
      title: slug,
      excerpt: 'A draft of the blog, not yet published.',
      body: 'Words.',
      authorName: 'Dana',
      isPublished: false,
    })),
  )
})
afterAll(async () => {
  await database?.close()
})

/** Each count asked alone, as the navigation's fallback does. */
async function askedAlone(key: string): Promise<number | null> {
  const query = areaCounts[key]?.(database.db, today)
  if (!query) throw new Error(`no count for ${key}`)
  const rows = await selectRows<{ n: number }>(database.db, sql`select (${query})::int as n`).catch(() => null)
  return rows ? Number(rows[0]?.n) : null
}

async function mailQueueExists(): Promise<boolean> {
  const [row] = await selectRows<{ found: boolean }>(
    database.db,
    sql`select to_regclass('pgboss.job') is not null as found`,
  )
  return row?.found === true
}

describe('the back office navigation counts', () => {
  it("reads an employee's counts in one statement, each equal to its query asked alone", async () => {
    const { result, statements } = await statementsDuring(database.db, () =>
      navigationFor(database.db, 'employee', today),
    )
    expect(statements).toHaveLength(1)
    const counted = result.filter((area) => area.count !== null)
    expect(counted.map((area) => area.key)).toEqual(expect.arrayContaining(['requests', 'tickets']))
    for (const area of counted) expect(area.count).toBe(await askedAlone(area.key))
  })

  it("reads an admin's counts (drafts among them) equal to each query asked alone", async () => {
    const { result: links, statements } = await statementsDuring(database.db, () =>
      navigationFor(database.db, 'admin', today),
    )
    const counts = links.filter((a) => areaCounts[a.key])
    const queueThere = await mailQueueExists()
    // One statement; or, where it failed, that one and then each count alone.
    expect(statements).toHaveLength(queueThere ? 1 : 1 + counts.length)
    expect(links.find((area) => area.key === 'blog')?.count).toBe(2)
    for (const area of counts) expect(area.count).toBe(await askedAlone(area.key))
    // The mail queue's count needs pg-boss's tables: where they are missing, that one count reads
    // as none and the others still show.
    const failedMail = links.find((area) => area.key === 'sync-status')
    expect(failedMail?.count ?? null).toBe(queueThere ? 0 : null)
  })
})
