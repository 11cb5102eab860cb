import { eq } from 'drizzle-orm'
import type { AccountSummary, VisitorOrganisation } from '../../app/features/accounts/status.ts'
import {
  type AccountRole,
  type AccountStatus,
  accountRoleOf,
  accountStatusOf,
} from '../../app/features/accounts/status.ts'
import type { Db } from '../db/client.server.ts'
import { type ClientOnboarding, organisationMembers, organisations } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Accounts, SessionData } from './accounts.server.ts'
import { findOnboarding } from './onboarding.server.ts'

/**
 * Role and status of a signed-in person, read fresh from the database on every request: the facts
 * the access rule (`can()` in app/features/accounts/access.ts) decides on.
 */

export type Access = {
  role: AccountRole
  status: AccountStatus
  record: ClientOnboarding | null
  /** The client's organisation and role in it, read on every request: a removed person has none at once. */
  organisation: VisitorOrganisation | null
  organisationRole: VisitorOrganisation['role'] | null
}

/**
 * Role and status of the signed-in e-mail: read from the onboarding record, with a second
 * read when the first fails (a dropped connection is retried once before the error surfaces),
 * and the organisation the person is in, with their role.
 */
export async function readAccess(db: Db, email: string, log?: Logger): Promise<Access> {
  const read = async () => {
    const record = await findOnboarding(db, email)
    return { record, organisation: record ? await organisationOf(db, record.id) : null }
  }
  let found: Awaited<ReturnType<typeof read>>
  try {
    found = await read()
  } catch (error) {
    log?.warn({ err: error }, 'onboarding read failed; reading again')
    found = await read()
  }
  const { record, organisation } = found
  return {
    role: accountRoleOf(record?.role),
    status: accountStatusOf(record?.status),
    record,
    organisation,
    organisationRole: organisation?.role ?? null,
  }
}

async function organisationOf(db: Db, personId: string): Promise<VisitorOrganisation | null> {
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      role: organisationMembers.role,
      requireSecondFactor: organisations.requireSecondFactor,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.personId, personId))
    .limit(1)
  return row ?? null
}

/**
 * A page request's visitor: the browser's view of the account, and the id of their onboarding
 * record (a client's person in their organisation). The guards build it once per request from the
 * access read with the session, so no page reads the person or the organisation a second time.
 */
export async function readVisitor(
  accounts: Accounts,
  data: SessionData,
  /** The access read with the session, when the caller has it: then nothing is read again. */
  known?: Access | null,
): Promise<{ summary: AccountSummary; personId: string | null }> {
  const { role, status, record, organisation, organisationRole } =
    known ?? (await readAccess(accounts.database.db, data.user.email, accounts.log))
  return {
    personId: record?.id ?? null,
    summary: {
      userId: data.user.id,
      email: data.user.email,
      name: record?.fullName || data.user.name,
      companyName: record?.companyName ?? null,
      phone: record?.phone ?? null,
      role,
      status,
      isAdmin: role === 'admin',
      twoFactorEnabled: data.user.twoFactorEnabled === true,
      // Staff belong to no organisation; a client's is what their pages read by.
      organisation: role === 'client' ? organisation : null,
      organisationRole: role === 'client' ? organisationRole : null,
    },
  }
}
