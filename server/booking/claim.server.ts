import { createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { bookings } from '../db/schema/index.server.ts'
import { referenceOf } from './mail.server.ts'

/**
 * The link in a consultation request's confirmation e-mail that adds the request to a client's
 * dashboard. Typing an address into the booking form proves nothing about who owns it; opening the
 * link sent to that address, signed in to the account with that address, does. The token is random
 * (256 bits) and only its SHA-256 is stored, so the database alone cannot make a link.
 */

/** Where the link points; the page is in the signed-in area, so a visitor signs in first. */
export const CLAIM_PATH = '/dashboard/claim'

export function newClaimToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function claimUrl(publicUrl: string, token: string): string {
  return new URL(`${CLAIM_PATH}?token=${token}`, publicUrl).href
}

export type ClaimResult = { claimed: true; reference: string } | { claimed: false }

/**
 * Adds the request whose link this is to the signed-in account's dashboard, when the request was
 * sent with that account's address (any letter case). The token is used up by it; a link opened by
 * anyone else claims nothing and stays valid for its owner. Written with its audit entry in one
 * transaction.
 */
export async function claimConsultationRequest(
  db: Db,
  token: string,
  account: { userId: string; email: string },
): Promise<ClaimResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { claimed: false }
  return db.transaction(async (tx): Promise<ClaimResult> => {
    const [row] = await tx
      .update(bookings)
      .set({ claimedByUserId: account.userId, claimTokenHash: null })
      .where(
        and(
          eq(bookings.claimTokenHash, hashClaimToken(token)),
          sql`lower(${bookings.email}) = ${account.email.toLowerCase()}`,
        ),
      )
      .returning({ id: bookings.id })
    if (!row) return { claimed: false }
    await recordAudit(tx, account, { action: 'booking.claim', subjectId: row.id, details: {} })
    return { claimed: true, reference: referenceOf(row.id) }
  })
}
