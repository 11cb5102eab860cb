import { eq } from 'drizzle-orm'
import type { Database, Db } from '../db/client.server.ts'
import { clientOnboarding, user } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { deletionRequestedMail } from './mail.server.ts'
import { staffInbox } from './onboarding.server.ts'

/** What a signed-in person changes about their own account on the settings page. */

type Deps = { database: Database; outbox: Outbox; log: Logger }

/** The settings page: name, company and phone, on the onboarding record and the auth user alike. */
export async function updateProfile(
  db: Db,
  email: string,
  input: { name: string; companyName: string | null; phone: string },
): Promise<void> {
  const address = email.toLowerCase()
  await db.transaction(async (tx) => {
    await tx.update(user).set({ name: input.name }).where(eq(user.email, address))
    await tx
      .insert(clientOnboarding)
      .values({ email: address, fullName: input.name, companyName: input.companyName, phone: input.phone })
      .onConflictDoUpdate({
        target: clientOnboarding.email,
        set: { fullName: input.name, companyName: input.companyName, phone: input.phone },
      })
  })
}

/** Records a deletion request and tells the business inbox; staff delete the account. */
export async function requestDeletion(deps: Deps, email: string, reason: string | null): Promise<void> {
  const address = email.toLowerCase()
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(clientOnboarding)
      .set({ deletionRequestedAt: new Date() })
      .where(eq(clientOnboarding.email, address))
      .returning()
    await deps.outbox.enqueue(
      deletionRequestedMail(staffInbox, { email: address, fullName: row?.fullName ?? null }, reason),
      tx,
    )
    deps.log.info({ event: 'account.deletion_requested', onboardingId: row?.id }, 'account deletion requested')
  })
}
