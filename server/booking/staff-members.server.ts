import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.server.ts'
import { clientOnboarding, user } from '../db/schema/index.server.ts'

export type StaffMember = { userId: string; email: string; name: string; role: 'admin' | 'employee' }

/** Who a request can be assigned to: the enabled staff accounts. */
export async function staffMembers(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({
      userId: user.id,
      email: user.email,
      name: sql<string>`coalesce(${clientOnboarding.fullName}, ${user.name})`,
      role: clientOnboarding.role,
    })
    .from(clientOnboarding)
    .innerJoin(user, eq(sql`lower(${user.email})`, clientOnboarding.email))
    .where(and(inArray(clientOnboarding.role, ['admin', 'employee']), isNull(clientOnboarding.disabledAt)))
    .orderBy(asc(clientOnboarding.fullName))
  return rows.map((r) => ({ ...r, role: r.role === 'admin' ? 'admin' : 'employee' }))
}

/** The staff as a list filter's choices (the assignee of the requests list and the tickets queue). */
export async function staffChoices(db: Db): Promise<{ value: string; label: string }[]> {
  return (await staffMembers(db)).map((s) => ({ value: s.userId, label: s.name || s.email }))
}
