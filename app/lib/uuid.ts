import { z } from 'zod'

const uuid = z.uuid()

/**
 * Whether a value from outside (an address, a form field) is a record id. Checked before a
 * query, so that a mistyped address is "not found" rather than a database error.
 */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success
}
