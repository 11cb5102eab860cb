import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { CONSENT_POLICY_VERSION, type ConsentLogEntry, consentActions } from '../../app/features/consent/policy.ts'
import type { Db } from '../db/client.server.ts'
import { type ConsentRecord, consentRecords } from '../db/schema/index.server.ts'

/** The body of POST /api/consent (what app/features/consent/browser.ts sends). */
export const consentLogEntrySchema = z.strictObject({
  consentId: z.uuid('must be a UUID'),
  necessary: z.literal(true, 'must be true: necessary cookies are always on'),
  analytics: z.boolean('must be true or false'),
  marketing: z.boolean('must be true or false'),
  policyVersion: z
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(CONSENT_POLICY_VERSION, `must be at most ${CONSENT_POLICY_VERSION}, the current policy version`),
  action: z.enum(consentActions, `must be one of ${consentActions.join(', ')}`),
  gpc: z.boolean('must be true or false'),
}) satisfies z.ZodType<ConsentLogEntry>

/** A salted hash of an IP address: equal addresses give equal hashes, and the address cannot be read back. */
export function hashIp(ip: string, salt: string): string {
  return createHmac('sha256', salt).update(ip).digest('hex')
}

/** Stores one saved choice. The IP is kept only as a salted hash (none when the address is unknown). */
export async function recordConsent(
  db: Db,
  entry: ConsentLogEntry,
  request: { clientIp: string; ipHashSalt: string },
): Promise<ConsentRecord> {
  const known = request.clientIp && request.clientIp !== 'unknown'
  const [row] = await db
    .insert(consentRecords)
    .values({
      consentId: entry.consentId,
      necessary: true,
      analytics: entry.analytics,
      marketing: entry.marketing,
      policyVersion: entry.policyVersion,
      action: entry.action,
      gpc: entry.gpc,
      ipHash: known ? hashIp(request.clientIp, request.ipHashSalt) : null,
    })
    .returning()
  if (!row) throw new Error('the consent record was not stored')
  return row
}
