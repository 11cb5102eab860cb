import path from 'node:path'
import { z } from 'zod'
import { business } from '../app/content/business.ts'
import { isCommonPassword } from '../app/features/accounts/password-policy.ts'
import { DomainError } from '../app/lib/domain-error.ts'

/**
 * The one place where the environment is read. Every variable is listed in .env.example with its
 * default; `npm start` needs none of them.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v)

/** The scope Microsoft 365 grants IMAP access under with the client-credentials flow. */
export const microsoftImapScope = 'https://outlook.office365.com/.default'

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    // An empty PORT= (as an .env template leaves it) means the default, not port 0.
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .min(8, 'must be at least 8 characters')
        .max(128)
        .refine((p) => !isCommonPassword(p), 'is a commonly used password: choose another')
        .optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    // The support mailbox read for incoming tickets (docs/support.md#e-mail): imaps://user:password@host:993/INBOX.
    IMAP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^imaps?:\/\//, 'must start with imap:// or imaps://')
        .refine(
          (value) => imapSettingsOf(value, oauth2Placeholder) !== undefined,
          'must name a host and a user, like imaps://user:password@imap.example.com:993/INBOX',
        )
        .optional(),
    ),
    // How the reader signs in to IMAP_URL (docs/support.md#connecting-a-mailbox): its password, or an
    // OAuth 2.0 token (XOAUTH2) from the token address below, as Microsoft 365 requires.
    IMAP_AUTH: z.preprocess(
      emptyAsUndefined,
      z.enum(['password', 'oauth2'], { error: 'must be password or oauth2' }).default('password'),
    ),
    // The OAuth 2.0 client-credentials grant: where the token comes from, for whom, for what.
    IMAP_OAUTH_TOKEN_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({
          protocol: /^https?$/,
          error: 'must be a URL like https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token',
        })
        .refine(
          (value) => new URL(value).protocol === 'https:' || isLoopback(new URL(value).hostname),
          'must be https:// (http:// only on this machine)',
        )
        .optional(),
    ),
    IMAP_OAUTH_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).max(200).optional()),
    IMAP_OAUTH_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).max(1000).optional()),
    IMAP_OAUTH_SCOPE: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, 'must be one or more scopes separated by spaces')
        .default(microsoftImapScope),
    ),
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, booleanish.default(false)),
    SEED_DEMO: z.preprocess(emptyAsUndefined, booleanish.default(true)),
    // Several HTTP processes (node:cluster) on one port; a real PostgreSQL only (see workerCount).
    WEB_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).default(1)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    GTM_ID: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a Google Tag Manager container id like GTM-XXXXXXX')
        .optional(),
    ),
    BOOKING_INBOX: z.preprocess(emptyAsUndefined, z.email('must be an e-mail address').optional()),
    // The support mailbox (docs/support.md): replies go out from support+<ticket token>@ its domain.
    SUPPORT_MAIL_ADDRESS: z.preprocess(
      emptyAsUndefined,
      z
        .email('must be an e-mail address like support@example.com')
        .refine(
          (v) => !v.split('@')[0]?.includes('+'),
          'must be a plain address without +: the ticket token goes there',
        )
        .optional(),
    ),
    ALLOWED_ORIGINS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        )
        .pipe(
          z.array(
            z
              .string()
              .regex(
                /^https?:\/\/[^/\s,]+$/,
                'must be a comma-separated list of origins like https://www.example.com (no path)',
              ),
          ),
        )
        .optional(),
    ),
    INTAKE_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(10)),
    INTAKE_RATE_WINDOW_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(600)),
    PAGE_CACHE_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(4096).default(32)),
    // Online payments (docs/billing.md#connecting-a-stripe-account): all three or none.
    STRIPE_SECRET_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe secret key like sk_live_… or sk_test_…')
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe publishable key like pk_live_… or pk_test_…')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, "must be the webhook endpoint's signing secret, whsec_…")
        .optional(),
    ),
    // Where the Stripe API is: only the tests' local stand-in sets it (default https://api.stripe.com).
    STRIPE_API_BASE: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^https?$/, error: 'must be a URL like http://127.0.0.1:12111' }).optional(),
    ),
    BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    BACKUP_PASSPHRASE: z.preprocess(
      emptyAsUndefined,
      z.string().min(12, 'must be at least 12 characters').max(1024).optional(),
    ),
    // The time of the nightly backup in the business's time zone (HH:MM or HH:MM:SS, 24-hour), or off.
    BACKUP_SCHEDULE: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(
          /^(off|([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?)$/,
          'must be a time of day like 02:30 or 02:30:15 (New York time), or off',
        )
        .default('02:30'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.IMAP_AUTH === 'oauth2') {
      const needed = ['IMAP_URL', 'IMAP_OAUTH_TOKEN_URL', 'IMAP_OAUTH_CLIENT_ID', 'IMAP_OAUTH_CLIENT_SECRET'] as const
      const missing = needed.find((name) => !env[name])
      if (missing) {
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message:
            'is needed with IMAP_AUTH=oauth2 (IMAP_URL, IMAP_OAUTH_TOKEN_URL, IMAP_OAUTH_CLIENT_ID and IMAP_OAUTH_CLIENT_SECRET)',
        })
      }
    } else if (env.IMAP_URL && !imapSettingsOf(env.IMAP_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['IMAP_URL'],
        message:
          'must name a host, a user and a password, like imaps://user:password@imap.example.com:993/INBOX (or set IMAP_AUTH=oauth2)',
      })
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      })
    }
    const stripe = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const
    const missing = stripe.filter((name) => !env[name])
    if (missing.length > 0 && missing.length < stripe.length) {
      ctx.addIssue({
        code: 'custom',
        path: [missing[0] as string],
        message: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
      })
    }
    if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
      const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test')
      if (mode(env.STRIPE_SECRET_KEY) !== mode(env.STRIPE_PUBLISHABLE_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_PUBLISHABLE_KEY'],
          message: 'is a key of the other mode than STRIPE_SECRET_KEY (live and test keys mixed)',
        })
      }
    }
  })

export type Config = {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string
  admin: { email: string; password: string } | undefined
  smtpUrl: string | undefined
  mailFrom: string | undefined
  /** The support mailbox (IMAP_URL); without it no incoming mail is read. */
  imap: ImapSettings | undefined
  trustProxy: boolean
  seedDemo: boolean
  logLevel: string
  /** HTTP worker processes asked for (WEB_CONCURRENCY); the embedded database always runs one. */
  webConcurrency: number
  authSecret: string | undefined
  /** Google Tag Manager container; without it no external script is loaded. */
  gtmId: string | undefined
  /** Where booking and contact notifications go. */
  bookingInbox: string
  /** The support mailbox; a ticket's replies come from support+<token>@ its domain. */
  supportMailAddress: string
  /** Origins besides the site's own that may POST to /api/process-form (CORS). */
  allowedOrigins: string[]
  /** Requests per sender and window at /api/process-form; 0 turns the limit off. */
  intakeRateLimit: { max: number; windowSeconds: number }
  /** Memory for anonymous public pages kept rendered (docs/page-cache.md); 0 turns the cache off. */
  pageCacheMb: number
  backup: {
    /** Where the nightly backups go (BACKUP_DIR, default $DATA_DIR/backups). */
    dir: string
    /** Encrypts backups with age when set (BACKUP_PASSPHRASE). */
    passphrase: string | undefined
    /** The nightly backup's time in the business's time zone; undefined when BACKUP_SCHEDULE=off. */
    schedule: BackupSchedule | undefined
  }
  /** Online payments through Stripe; undefined without keys (no Pay action, nothing changes). */
  stripe: StripeConfig | undefined
}

export type StripeConfig = {
  secretKey: string
  publishableKey: string
  webhookSecret: string
  /** The API's address when it is not Stripe's own (the tests' stand-in). */
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | undefined
}

/**
 * Parses the environment; a wrong or missing setting is a DomainError ('invalid', its `field` the
 * variable) whose message is one line naming the variable: the operator's to act on, printed by the
 * boot and the commands before they stop.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'environment')
    const value = source[name]
    const reason = oneLine(issue?.message ?? 'is invalid')
    if (value === undefined || value === '') {
      throw new DomainError('invalid', `Invalid configuration: ${name} is not set: ${reason}`, { field: name })
    }
    throw new DomainError('invalid', `Invalid configuration: ${name}=${shownValue(name, value)} ${reason}`, {
      field: name,
    })
  }
  const env = parsed.data
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    imap: env.IMAP_URL ? imapSettingsOf(env.IMAP_URL, oauth2SettingsOf(env)) : undefined,
    trustProxy: env.TRUST_PROXY,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    webConcurrency: env.WEB_CONCURRENCY,
    authSecret: env.AUTH_SECRET,
    gtmId: env.GTM_ID,
    bookingInbox: (env.BOOKING_INBOX ?? business.email).toLowerCase(),
    supportMailAddress: (env.SUPPORT_MAIL_ADDRESS ?? `support@${business.email.split('@')[1]}`).toLowerCase(),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? []).map((o) => new URL(o).origin),
    intakeRateLimit: { max: env.INTAKE_RATE_LIMIT, windowSeconds: env.INTAKE_RATE_WINDOW_SECONDS },
    pageCacheMb: env.PAGE_CACHE_MB,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE ? apiBaseOf(env.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')),
      passphrase: env.BACKUP_PASSPHRASE,
      schedule: backupScheduleOf(env.BACKUP_SCHEDULE),
    },
  }
}

export type ImapSettings = {
  secure: boolean
  host: string
  port: number
  user: string
  /** The password (IMAP_AUTH=password); empty when the reader signs in with OAuth 2.0. */
  password: string
  /** The folder read: INBOX unless the URL names another. */
  mailbox: string
  /** IMAP_AUTH=oauth2: where the reader gets its access token (XOAUTH2); undefined: the password. */
  oauth2?: ImapOAuth2Settings | undefined
}

/** The OAuth 2.0 client-credentials grant the reader signs in with (Microsoft 365's, or any server's). */
export type ImapOAuth2Settings = {
  tokenUrl: string
  clientId: string
  clientSecret: string
  /** Space-separated; Microsoft 365: https://outlook.office365.com/.default. */
  scope: string
}

/** Stands in for the OAuth 2.0 settings while IMAP_URL alone is checked (the password is then optional). */
const oauth2Placeholder: ImapOAuth2Settings = { tokenUrl: '', clientId: '', clientSecret: '', scope: '' }

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}

function oauth2SettingsOf(env: {
  IMAP_AUTH: 'password' | 'oauth2'
  IMAP_OAUTH_TOKEN_URL?: string | undefined
  IMAP_OAUTH_CLIENT_ID?: string | undefined
  IMAP_OAUTH_CLIENT_SECRET?: string | undefined
  IMAP_OAUTH_SCOPE: string
}): ImapOAuth2Settings | undefined {
  if (env.IMAP_AUTH !== 'oauth2') return undefined
  return {
    tokenUrl: env.IMAP_OAUTH_TOKEN_URL ?? '',
    clientId: env.IMAP_OAUTH_CLIENT_ID ?? '',
    clientSecret: env.IMAP_OAUTH_CLIENT_SECRET ?? '',
    scope: env.IMAP_OAUTH_SCOPE,
  }
}

/**
 * `imaps://user:password@host:993/INBOX` as settings; undefined when a part is missing. With OAuth
 * 2.0 settings the URL needs no password (`imaps://support%40example.com@outlook.office365.com/INBOX`).
 */
export function imapSettingsOf(value: string, oauth2?: ImapOAuth2Settings): ImapSettings | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') return undefined
  const user = decodeURIComponent(url.username)
  const password = decodeURIComponent(url.password)
  if (!url.hostname || !user || (!password && !oauth2)) return undefined
  const secure = url.protocol === 'imaps:'
  const port = url.port ? Number(url.port) : secure ? 993 : 143
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (oauth2) return { secure, host, port, user, password: '', mailbox, oauth2 }
  return { secure, host, port, user, password, mailbox }
}

function apiBaseOf(url: string): NonNullable<StripeConfig['apiBase']> {
  const u = new URL(url)
  const protocol = u.protocol === 'http:' ? 'http' : 'https'
  return { protocol, host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443 }
}

/** A time of day in the business's time zone; `second` only when BACKUP_SCHEDULE names one. */
export type BackupSchedule = { hour: number; minute: number; second?: number }

function backupScheduleOf(value: string): BackupSchedule | undefined {
  if (value === 'off') return undefined
  const [hour, minute, second] = value.split(':').map(Number)
  return { hour: hour ?? 2, minute: minute ?? 30, ...(second === undefined ? {} : { second }) }
}

/** How a rejected value appears in the error: secrets hidden, credentials in URLs masked, one short line. */
function shownValue(name: string, value: string): string {
  if (/PASSWORD|PASSPHRASE|SECRET|TOKEN|KEY/.test(name)) return '(hidden)'
  const shown = name.endsWith('_URL') ? maskCredentials(value) : value
  return JSON.stringify(shown.length > 200 ? `${shown.slice(0, 200)}…` : shown)
}

/** `scheme://user:password@host` → `scheme://user:***@host`, also when the URL is malformed. */
function maskCredentials(value: string): string {
  const at = value.lastIndexOf('@')
  if (at < 0) return value
  const slashes = value.indexOf('//')
  const start = slashes >= 0 && slashes < at ? slashes + 2 : 0
  const colon = value.indexOf(':', start)
  if (colon < 0 || colon > at) return value
  return `${value.slice(0, colon)}:***${value.slice(at)}`
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
