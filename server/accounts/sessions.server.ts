import { and, desc, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client.server.ts'
import { session } from '../db/schema/index.server.ts'

/** The sessions of an account, as its settings page lists and ends them. */

export type SessionRow = {
  id: string
  ipAddress: string | null
  userAgent: string | null
  createdAt: Date
  updatedAt: Date
}

/** The user's sessions that are still valid, most recently used first (tokens stay on the server). */
export async function listActiveSessions(db: Db, userId: string): Promise<(SessionRow & { token: string })[]> {
  return db
    .select({
      id: session.id,
      token: session.token,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
}
