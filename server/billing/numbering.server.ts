import { sql } from 'drizzle-orm'
import { formatDocumentNumber } from '../../app/features/billing/numbering.ts'
import type { Db } from '../db/client.server.ts'
import { billingNumberCounters } from '../db/schema/index.server.ts'

/**
 * The next number of a series and year, taken inside the transaction that gives it to a document.
 * One statement: insert the year's counter at 1, or add 1 to it. PostgreSQL locks the counter's row
 * until the transaction ends, so a second transaction (in this process or another) waits and then
 * reads the first one's number; a transaction that rolls back takes its number back with it. Numbers
 * are therefore never repeated and have no gaps, at the cost of one transaction numbering at a time
 * per series and year.
 */
export async function takeNumber(tx: Pick<Db, 'insert'>, series: string, year: number): Promise<string> {
  const [row] = await tx
    .insert(billingNumberCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [billingNumberCounters.series, billingNumberCounters.year],
      set: { lastNumber: sql`${billingNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: billingNumberCounters.lastNumber })
  if (!row) throw new Error('the number counter returned no row')
  return formatDocumentNumber(series, year, row.lastNumber)
}
