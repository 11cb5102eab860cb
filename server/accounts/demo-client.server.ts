import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.server.ts'
import { clientOnboarding } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Auth } from './auth.server.ts'

/**
 * The demo client of SEED_DEMO: an approved client account a newcomer signs in with to see the
 * portal working (its billing documents come from server/billing/demo.server.ts, its contracts from
 * server/contracts/demo.server.ts). Its password is
 * the install's own (`demoClientPassword` in $DATA_DIR/secrets.json), set again at every boot, so
 * it always matches the file. An install with SEED_DEMO=false has no such account.
 */
export const demoClient = {
  email: 'carla@harbor-dental.example',
  name: 'Carla Reyes',
  companyName: 'Harbor Dental (demo)',
  phone: '(845) 555-0188',
} as const

export async function seedDemoClient(
  auth: Auth,
  database: Database,
  log: Logger,
  password: string,
): Promise<{ onboardingId: string }> {
  if (await seedDemoSignIn(auth, demoClient, password)) {
    log.info({ event: 'account.demo_client_seeded' }, 'demo client created (password in secrets.json)')
  }
  const values = {
    email: demoClient.email,
    fullName: demoClient.name,
    companyName: demoClient.companyName,
    phone: demoClient.phone,
    role: 'client' as const,
    status: 'approved' as const,
  }
  await database.db
    .insert(clientOnboarding)
    .values({ ...values, reviewedBy: 'demo seed', reviewedAt: new Date() })
    .onConflictDoUpdate({ target: clientOnboarding.email, set: { role: 'client', status: 'approved' } })
  const [record] = await database.db
    .select({ id: clientOnboarding.id })
    .from(clientOnboarding)
    .where(eq(clientOnboarding.email, demoClient.email))
  if (!record) throw new Error('demo client record missing after upsert')
  return { onboardingId: record.id }
}

/**
 * The sign-in of a demo person (the demo client, the other people of the demo organisations): a
 * confirmed e-mail with this install's password for it, set again when it differs. True when the
 * account was made now.
 */
export async function seedDemoSignIn(
  auth: Auth,
  person: { email: string; name: string },
  password: string,
): Promise<boolean> {
  const ctx = await auth.$context
  const existing = await ctx.internalAdapter.findUserByEmail(person.email, { includeAccounts: true })
  if (!existing) {
    try {
      const user = await ctx.internalAdapter.createUser(
        { email: person.email, name: person.name, emailVerified: true },
        { method: 'admin' },
      )
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await ctx.password.hash(password),
      })
      return true
    } catch (error) {
      // Another process booting at the same time created it first.
      if (!(await ctx.internalAdapter.findUserByEmail(person.email))) throw error
      return false
    }
  }
  const credential = existing.accounts.find((a) => a.providerId === 'credential')
  const matches = credential?.password ? await ctx.password.verify({ hash: credential.password, password }) : false
  if (!matches) {
    const hash = await ctx.password.hash(password)
    if (credential) await ctx.internalAdapter.updatePassword(existing.user.id, hash)
    else {
      await ctx.internalAdapter.linkAccount({
        userId: existing.user.id,
        providerId: 'credential',
        accountId: existing.user.id,
        password: hash,
      })
    }
  }
  if (!existing.user.emailVerified) await ctx.internalAdapter.updateUser(existing.user.id, { emailVerified: true })
  return false
}
