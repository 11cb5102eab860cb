import { type SQL, sql } from 'drizzle-orm'

/**
 * The values of a catalogue (a status list, a kind list) as a SQL list for a CHECK constraint:
 * `status in (${oneOf(requestStatuses)})`. The CHECK is written from the same list the code uses;
 * tests/integration/catalogues.test.ts compares the constraint in the database with the list. The
 * values are the code's own constants, never input, and are quoted as SQL literals.
 */
export function oneOf(values: readonly string[]): SQL {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))
}
