import { APIError, type BetterAuthOptions, type BetterAuthPlugin, betterAuth, getCurrentAdapter } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { generateRandomString, symmetricDecrypt } from 'better-auth/crypto'
import { emailOTP } from 'better-auth/plugins/email-otp'
import { twoFactor } from 'better-auth/plugins/two-factor'
import { business } from '../../app/content/business.ts'
import { passwordRules } from '../../app/features/accounts/password-policy.ts'
import { newPasswordSchema, signUpExtrasSchema } from '../../app/features/accounts/schema.ts'
import { accountLockedMessage, TOO_MANY_FAILED_SIGN_INS } from '../../app/features/accounts/two-factor.ts'
import { secondFactorStaysOn } from '../../app/features/organisations/second-factor.ts'
import type { Config } from '../config.server.ts'
import type { Database, Db } from '../db/client.server.ts'
import * as schema from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { organisationRequiringSecondFactor } from '../organisations/organisations.server.ts'
import { changeEmailMail, existingAccountSignUpMail, passwordResetMail, verificationMail } from './mail.server.ts'
import { disabledAccountMessage, isDisabledUser, markEmailVerified } from './onboarding.server.ts'
import { lockedFor, pruneStale, recordFailure, recordSuccess } from './sign-in-throttle.server.ts'
import { claimTimeStep, stepOfCode } from './totp-replay.server.ts'

export const AUTH_BASE_PATH = '/api/auth'

/**
 * The client IP Better Auth reads (rate limits, session records). Only the server sets it, from the
 * connection (server/http/app.server.ts computes it); a copy sent by a client is dropped first.
 */
export const CLIENT_IP_HEADER = 'x-ramapo-client-ip'

const HOUR = 60 * 60
const DAY = 24 * HOUR

/** Every lifetime of the account system, in seconds (documented in docs/accounts.md). */
export const authLifetimes = {
  /** The e-mail verification link (and the change-of-e-mail link). */
  verificationLink: DAY,
  /** The password reset link. */
  resetLink: HOUR,
  /** The staff invitation link (/setup-account). */
  inviteLink: 7 * DAY,
  /** Idle timeout: a session unused this long ends. */
  sessionIdle: 7 * DAY,
  /** How often an active session's idle deadline moves forward (so the idle timeout is exact to this). */
  sessionRefresh: HOUR,
  /** Absolute lifetime: a session ends this long after sign-in, however active. */
  sessionAbsolute: 30 * DAY,
  /** A session younger than this may change the e-mail address without signing in again. */
  sessionFresh: 12 * HOUR,
  /** Between the right password and the second factor: after this, sign in again. */
  twoFactorChallenge: 10 * 60,
} as const

/**
 * Requests per client IP and window (seconds), counted in the database so that every process
 * shares the counters. Paths are Better Auth's, below /api/auth.
 */
export const authRateLimits = {
  '/sign-in/email': { window: 60, max: 5 },
  '/sign-up/email': { window: 10 * 60, max: 5 },
  '/request-password-reset': { window: 10 * 60, max: 5 },
  '/reset-password': { window: 10 * 60, max: 10 },
  '/send-verification-email': { window: 10 * 60, max: 5 },
  '/email-otp/verify-email': { window: 60, max: 5 },
  '/email-otp/request-email-change': { window: 10 * 60, max: 5 },
  '/email-otp/change-email': { window: 60, max: 5 },
  '/change-password': { window: 60, max: 5 },
  '/two-factor/verify-totp': { window: 60, max: 5 },
  '/two-factor/verify-backup-code': { window: 60, max: 5 },
  '/two-factor/enable': { window: 60, max: 5 },
  '/two-factor/disable': { window: 60, max: 5 },
  '/two-factor/generate-backup-codes': { window: 60, max: 5 },
} as const

/** The second-factor endpoints that sign a person in (their failures count per account). */
const secondFactorPaths = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code'])

/**
 * Better Auth endpoints this product does not offer: passwordless sign-in, the plugin's own reset
 * flow, JWT verification links (we use one-time codes), social accounts, immediate self-deletion
 * (clients request deletion; staff act on it) and free-form profile updates (our settings page
 * writes the onboarding record and the name together).
 */
const disabledPaths = [
  '/sign-in/email-otp',
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/email-otp/request-password-reset',
  '/email-otp/reset-password',
  '/forget-password/email-otp',
  '/verify-email',
  '/change-email',
  '/update-user',
  '/delete-user',
  '/delete-user/callback',
  '/sign-in/social',
  '/link-social',
  '/unlink-account',
  // Second factors are an authenticator app and backup codes; codes by e-mail are not one (the
  // mailbox is what a stolen password often opens too), and the secret is shown once, at enrolment.
  '/two-factor/send-otp',
  '/two-factor/verify-otp',
  '/two-factor/get-totp-uri',
]

/**
 * client_onboarding declared to Better Auth so that the sign-up hook can write it through the same
 * transaction as the user (the table itself is ours: server/db/schema/onboarding.server.ts).
 */
const onboardingModel = {
  id: 'client-onboarding',
  schema: {
    clientOnboarding: {
      modelName: 'clientOnboarding',
      disableMigration: true,
      fields: {
        email: { type: 'string', required: true, unique: true },
        fullName: { type: 'string', required: false },
        companyName: { type: 'string', required: false },
        phone: { type: 'string', required: false },
        role: { type: 'string', required: true },
        status: { type: 'string', required: true },
        // Read by the session hook: a disabled account gets no session.
        disabledAt: { type: 'date', required: false, input: false },
      },
    },
  },
} satisfies BetterAuthPlugin

export type AuthDeps = {
  config: Config
  database: Database
  outbox: Outbox
  log: Logger
  secret: string
}

/** Links sent by e-mail: always PUBLIC_URL based, never taken from a request. */
export function accountLinks(publicUrl: string) {
  const q = encodeURIComponent
  return {
    verify: (token: string, email: string) => `${publicUrl}/?token=${q(token)}&email=${q(email)}`,
    confirmNewEmail: (token: string, email: string) =>
      `${publicUrl}/account/confirm-email?token=${q(token)}&email=${q(email)}`,
    resetPassword: (token: string) => `${publicUrl}/auth/reset-password?token=${q(token)}`,
    setupAccount: (token: string) => `${publicUrl}/setup-account?token=${q(token)}`,
    signIn: () => `${publicUrl}/auth`,
    dashboard: () => `${publicUrl}/dashboard`,
    admin: () => `${publicUrl}/admin`,
  }
}

/** Better Auth messages caused by the client (a bad origin, a wrong code), not by us. */
const clientCausedLog =
  /^(Invalid (origin|callbackURL|redirectURL)|Blocked cross-site|Email is the same|User not found|Invalid password|Password not found)/i

/** The answer while an address is locked: the same words whether or not it has an account. */
function tooManyFailedSignIns(retryAfterSeconds: number) {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: TOO_MANY_FAILED_SIGN_INS, message: accountLockedMessage },
    { 'Retry-After': String(retryAfterSeconds) },
  )
}

/** The status of a Better Auth answer as an after-hook sees it (an APIError, or a success). */
function statusOf(returned: unknown): number {
  if (returned instanceof APIError) return returned.statusCode
  return 200
}

function authOptions(deps: AuthDeps) {
  const { config, database, outbox, log } = deps
  const links = accountLinks(config.publicUrl)
  const authLog = log.child({ component: 'auth' })
  const db = database.db
  let lastPrune = 0

  /** Counts a failed sign-in with `factor` for `email`, and says so in the log when it locks. */
  const countFailure = async (email: string, factor: 'password' | 'second_factor') => {
    const { failures, retryAfterSeconds } = await recordFailure(db, email, factor)
    if (retryAfterSeconds > 0) {
      authLog.warn(
        { event: 'auth.sign_in_locked', factor, failures, lockedSeconds: retryAfterSeconds },
        'failed sign-ins in a row: the account is locked for a while',
      )
    }
    if (Date.now() - lastPrune > 60 * 60 * 1000) {
      lastPrune = Date.now()
      await pruneStale(db)
    }
  }

  return {
    appName: business.name,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(database.db, { provider: 'pg', schema, transaction: true }),
    telemetry: { enabled: false },
    disabledPaths,
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: passwordRules.minLength,
      maxPasswordLength: passwordRules.maxLength,
      resetPasswordTokenExpiresIn: authLifetimes.resetLink,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await outbox.enqueue(passwordResetMail(user.email, links.resetPassword(token), authLifetimes.resetLink))
      },
      onExistingUserSignUp: async ({ user }) => {
        await outbox.enqueue(existingAccountSignUpMail(user.email, links.signIn()))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: authLifetimes.verificationLink,
      afterEmailVerification: async (user) => {
        await markEmailVerified({ database, outbox, log, publicUrl: config.publicUrl }, user.email)
      },
    },
    session: {
      expiresIn: authLifetimes.sessionIdle,
      updateAge: authLifetimes.sessionRefresh,
      freshAge: authLifetimes.sessionFresh,
      // Every request reads the session row, so ending a session (sign-out, rejection) takes effect at once.
      cookieCache: { enabled: false },
    },
    account: { accountLinking: { enabled: false } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: authRateLimits,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'ramapo',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Better Auth relaxes the origin check under NODE_ENV=test; tests must see production behaviour.
      disableOriginCheck: false,
      database: { generateId: 'uuid' },
    },
    logger: {
      level: 'info',
      log: (level, message, ...args) => {
        const fields = args.length > 0 ? { details: args.map(String) } : {}
        if (level === 'error' && !clientCausedLog.test(message)) authLog.error(fields, message)
        else if (level === 'error' || level === 'warn') authLog.warn(fields, message)
        else if (level === 'debug') authLog.debug(fields, message)
        else authLog.info(fields, message)
      },
    },
    hooks: {
      // The password and profile rules hold for every caller of the API, not only for our forms;
      // so do the per-account sign-in locks.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email' && typeof ctx.body?.email === 'string') {
          const wait = await lockedFor(db, ctx.body.email, 'password')
          if (wait > 0) throw tooManyFailedSignIns(wait)
        }
        if (secondFactorPaths.has(ctx.path)) {
          const email = await challengedEmail(ctx)
          const wait = email ? await lockedFor(db, email, 'second_factor') : 0
          if (wait > 0) throw tooManyFailedSignIns(wait)
          if (ctx.path === '/two-factor/verify-totp') await refuseUsedCode(ctx, db)
          // A second factor is asked at every sign-in: no browser is trusted to skip it.
          if (ctx.body?.trustDevice) return { context: { body: { ...ctx.body, trustDevice: false } } }
        }
        if (ctx.path === '/sign-up/email') {
          const extras = signUpExtrasSchema.safeParse(ctx.body)
          if (!extras.success) {
            throw new APIError('BAD_REQUEST', { message: extras.error.issues[0]?.message ?? 'Invalid sign-up details' })
          }
          assertPassword(ctx.body?.password)
        }
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') assertPassword(ctx.body?.newPassword)
        // An organisation that requires a second factor keeps its people's on, whoever asks.
        if (ctx.path === '/two-factor/disable') {
          const email = (await getSessionFromCtx(ctx))?.user.email
          const organisation = email ? await organisationRequiringSecondFactor(db, email) : null
          if (organisation) throw new APIError('FORBIDDEN', { message: secondFactorStaysOn(organisation) })
        }
      }),
      // Runs before the two-factor plugin's own after-hook, so it sees the password check's answer.
      after: createAuthMiddleware(async (ctx) => {
        const status = statusOf(ctx.context.returned)
        if (ctx.path === '/sign-in/email' && typeof ctx.body?.email === 'string') {
          // 403: the right password for an unconfirmed address.
          if (status === 401) await countFailure(ctx.body.email, 'password')
          else if (status === 200 || status === 403) await recordSuccess(db, ctx.body.email, 'password')
        }
        if (secondFactorPaths.has(ctx.path)) {
          if (status === 401) {
            const email = await challengedEmail(ctx)
            if (email) await countFailure(email, 'second_factor')
          } else if (status === 200) {
            const email = (ctx.context.returned as { user?: { email?: unknown } } | undefined)?.user?.email
            if (typeof email === 'string') await recordSuccess(db, email, 'second_factor')
          }
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Sign-up writes the onboarding record in the same transaction as the user and account.
          before: async (user, ctx) => {
            if (ctx?.path !== '/sign-up/email') return
            const extras = signUpExtrasSchema.parse(ctx.body)
            const email = user.email.toLowerCase()
            const adapter = await getCurrentAdapter(ctx.context.adapter)
            const data = {
              email,
              fullName: user.name,
              companyName: extras.companyName,
              phone: extras.phone,
              // A leftover record of a deleted account never hands its role to a new sign-up.
              role: 'client',
              status: 'pending_verification',
            }
            const where = [{ field: 'email', value: email }]
            const existing = await adapter.findOne({ model: 'clientOnboarding', where })
            if (existing) await adapter.update({ model: 'clientOnboarding', where, update: data })
            else await adapter.create({ model: 'clientOnboarding', data })
          },
        },
        update: {
          // The onboarding record follows the user's e-mail address when it changes.
          before: async (data, ctx) => {
            const newEmail = typeof data.email === 'string' ? data.email.toLowerCase() : undefined
            const session = ctx?.context.session as { user: { email: string } } | null | undefined
            const oldEmail = session?.user.email.toLowerCase()
            if (!ctx || !newEmail || !oldEmail || newEmail === oldEmail) return
            const adapter = await getCurrentAdapter(ctx.context.adapter)
            await adapter.update({
              model: 'clientOnboarding',
              where: [{ field: 'email', value: oldEmail }],
              update: { email: newEmail },
            })
          },
        },
      },
      session: {
        create: {
          // A disabled account gets no session, whichever way it signs in (password, second factor, reset).
          // Read through the adapter: a session can be created inside Better Auth's transaction, which
          // holds the embedded database's one connection.
          before: async (data, ctx) => {
            const userId = String(data.userId)
            let disabled: boolean
            if (ctx) {
              const adapter = await getCurrentAdapter(ctx.context.adapter)
              const owner = await adapter.findOne<{ email: string }>({
                model: 'user',
                where: [{ field: 'id', value: userId }],
              })
              const record = owner
                ? await adapter.findOne<{ disabledAt: Date | null }>({
                    model: 'clientOnboarding',
                    where: [{ field: 'email', value: owner.email.toLowerCase() }],
                  })
                : null
              disabled = Boolean(record?.disabledAt)
            } else {
              disabled = await isDisabledUser(db, userId)
            }
            if (disabled) throw new APIError('FORBIDDEN', { message: disabledAccountMessage })
          },
        },
        update: {
          // Sliding refreshes never carry a session past its absolute lifetime.
          before: async (data, ctx) => {
            const current = ctx?.context.session as { session: { createdAt: Date | string } } | null | undefined
            if (!(data.expiresAt instanceof Date) || !current) return
            const cap = new Date(new Date(current.session.createdAt).getTime() + authLifetimes.sessionAbsolute * 1000)
            if (data.expiresAt > cap) return { data: { ...data, expiresAt: cap } }
          },
        },
      },
    },
    plugins: [
      onboardingModel,
      emailOTP({
        // Verification and change-of-e-mail links carry a one-time code: single use, stored hashed.
        generateOTP: () => generateRandomString(32, 'a-z', 'A-Z', '0-9'),
        expiresIn: authLifetimes.verificationLink,
        storeOTP: 'hashed',
        allowedAttempts: 3,
        overrideDefaultEmailVerification: true,
        disableSignUp: true,
        changeEmail: { enabled: true },
        rateLimit: { window: 60, max: 5 },
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === 'email-verification') {
            await outbox.enqueue(verificationMail(email, links.verify(otp, email), authLifetimes.verificationLink))
          } else if (type === 'change-email') {
            await outbox.enqueue(
              changeEmailMail(email, links.confirmNewEmail(otp, email), authLifetimes.verificationLink),
            )
          }
        },
      }),
      twoFactor({
        // The name the authenticator app shows beside the code.
        issuer: business.name,
        twoFactorCookieMaxAge: authLifetimes.twoFactorChallenge,
        // Ten single-use codes of ten characters, stored encrypted with the auth secret.
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
      }),
    ],
  } satisfies BetterAuthOptions
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/**
 * The account a second-factor request is for: the one whose password was right when the browser
 * got its signed two-factor cookie. Null without a valid, unexpired cookie.
 */
async function challengedUser(ctx: HookContext): Promise<{ id: string; email: string } | null> {
  const cookie = ctx.context.createAuthCookie('two_factor')
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
  if (!identifier) return null
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier)
  if (!challenge || challenge.expiresAt < new Date()) return null
  return await ctx.context.internalAdapter.findUserById(challenge.value)
}

async function challengedEmail(ctx: HookContext): Promise<string | null> {
  return (await challengedUser(ctx))?.email ?? null
}

/** What a person who sends a code a second time is told (and whoever replays one they saw). */
export const usedCodeMessage = 'This code has been used already. Wait for the next code in your app and enter that.'

/**
 * Refuses a TOTP code whose time step the account has used already (totp-replay.server.ts), at
 * enrolment (the session names the account) and at sign-in (the challenge cookie does). A code
 * that fits no step is left to the plugin, which refuses and counts it.
 */
async function refuseUsedCode(ctx: HookContext, db: Db): Promise<void> {
  const code = ctx.body?.code
  if (typeof code !== 'string') return
  // The plugin's order: a signed-in visitor's own account (enrolment), else the challenged one.
  const userId = (await getSessionFromCtx(ctx))?.user.id ?? (await challengedUser(ctx))?.id
  if (!userId) return
  const enrolled = await ctx.context.adapter.findOne<{ secret: string }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  })
  if (!enrolled) return
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: enrolled.secret })
  const step = stepOfCode(secret, code.trim())
  if (step === null) return
  // The plugin's own code for a wrong one: the pages already answer it ("enter the code your app shows now").
  if (!(await claimTimeStep(db, userId, step))) {
    throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: usedCodeMessage })
  }
}

function assertPassword(value: unknown) {
  const parsed = newPasswordSchema.safeParse(value)
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid password' })
  }
}

/** The one Better Auth instance of a process (created at boot by server/accounts/accounts.server.ts). */
export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps))
}

export type Auth = ReturnType<typeof createAuth>
