import type { AccountSummary } from '../../app/features/accounts/status.ts'
import {
  type AccountRole,
  type AccountStatus,
  accountRoleOf,
  accountStatusOf,
} from '../../app/features/accounts/status.ts'
import type { Db } from '../db/client.server.ts'
import type { ClientOnboarding } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { SessionData } from './accounts.server.ts'
import { findOnboarding } from './onboarding.server.ts'

/**
 * Role and status of a signed-in person, read fresh from the database on every request: the facts
 * the access rule (`can()` in app/features/accounts/access.ts) decides on.
 */

/**
 * Role and status of the signed-in e-mail: read from the onboarding record, with a second
 * read when the first fails (a dropped connection is retried once before the error surfaces).
 */
export async function readAccess(
  db: Db,
  email: string,
  log?: Logger,
): Promise<{ role: AccountRole; status: AccountStatus; record: ClientOnboarding | null }> {
  let record: ClientOnboarding | null
  try {
    record = await findOnboarding(db, email)
  } catch (error) {
    log?.warn({ err: error }, 'onboarding read failed; reading again')
    record = await findOnboarding(db, email)
  }
  return accessOf(record)
}

/** Role and status of an onboarding record already read in this request (null: no record). */
export function accessOf(record: ClientOnboarding | null): {
  role: AccountRole
  status: AccountStatus
  record: ClientOnboarding | null
} {
  return { role: accountRoleOf(record?.role), status: accountStatusOf(record?.status), record }
}

/**
 * The browser's view of a signed-in account (root loader, /api/account/profile, guards), from the
 * onboarding record getSession read for this request.
 */
export function summarize(data: SessionData, onboarding: ClientOnboarding | null): AccountSummary {
  const { role, status, record } = accessOf(onboarding)
  return {
    userId: data.user.id,
    email: data.user.email,
    name: record?.fullName || data.user.name,
    companyName: record?.companyName ?? null,
    phone: record?.phone ?? null,
    role,
    status,
    isAdmin: role === 'admin',
    twoFactorEnabled: data.user.twoFactorEnabled === true,
  }
}
