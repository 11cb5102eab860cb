import { createHmac } from 'node:crypto'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { business } from '../../app/content/business.ts'
import { bookingRequestSchema, HONEYPOT_FIELD } from '../../app/features/booking/schema.ts'
import { retryAfterHeader, retryAfterSeconds } from '../../app/lib/database-outage.ts'
import { fieldErrors } from '../../app/lib/forms/result.ts'
import type { Config } from '../config.server.ts'
import { type Database, summarizeError } from '../db/client.server.ts'
import type { AppEnv } from '../http/app.server.ts'
import { limitBody } from '../http/body-limit.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { loadSecrets } from '../secrets.server.ts'
import { confirmationSubject, referenceOf } from './mail.server.ts'
import { countRequest } from './rate-limit.server.ts'
import { recordBooking, sweepExpired } from './record.server.ts'

/** Limits the specification leaves open (documented in docs/booking.md). */
export const INTAKE_BODY_LIMIT_BYTES = 32 * 1024
/** How long a request waits for its e-mails before answering "recorded" and leaving them to the worker. */
export const DELIVERY_BUDGET_MS = 3000

export type IntakeDeps = {
  config: Config
  database: Database
  outbox: Outbox | undefined
  log: Logger
  /** Key of the IP hash; defaults to the AUTH_SECRET (given or generated in $DATA_DIR). */
  ipHashKey?: string
  /** The id of the account signed in with these request headers, if any (absent: nobody is). */
  signedInUserId?: (headers: Headers) => Promise<string | null>
}

const reachUs = `call us at ${business.phone}`
const ALLOW = 'POST, OPTIONS'

/**
 * POST /api/process-form: the booking form's and the contact form's intake.
 * OPTIONS answers the availability check and CORS preflights. Every answer is JSON.
 */
export function processFormRoutes(deps: IntakeDeps) {
  const { config, database, outbox, log } = deps
  let ipKey = deps.ipHashKey
  const ipHash = (ip: string) => {
    ipKey ??= config.authSecret ?? loadSecrets(config.dataDir, {}).authSecret
    return createHmac('sha256', ipKey).update(ip).digest('hex')
  }

  const route = new Hono<AppEnv>()
  route.use(cors(config))

  route.options('/', (c) => {
    if (!outbox) return unavailable(c)
    c.header('Allow', ALLOW)
    return c.body(null, 204)
  })

  route.post(
    '/',
    limitBody<AppEnv>({
      maxSize: INTAKE_BODY_LIMIT_BYTES,
      onError: (c) =>
        json(c, { error: `The form is too large: the limit is ${INTAKE_BODY_LIMIT_BYTES / 1024} KB.` }, 413),
    }),
    async (c) => {
      if (!outbox) return unavailable(c)
      const contentType = c.req.header('content-type') ?? ''
      if (!/^application\/json\s*(;|$)/i.test(contentType)) {
        return json(c, { error: 'Send the form as JSON (Content-Type: application/json).' }, 415)
      }
      const text = await c.req.text()
      const sender = ipHash(c.get('clientIp'))
      const rateKey = `process-form:${sender}`
      sweepExpired(database, config.intakeRateLimit).catch((error: unknown) =>
        log.warn({ err: summarizeError(error) }, 'process-form: sweeping expired rate-limit windows and claims failed'),
      )

      // Every POST counts against the sender's limit, invalid ones too. A valid booking is counted in
      // the transaction that stores it; any other request by the counter upsert alone, before it is
      // answered.
      const tooMany = (rate: { count: number; retryAfterSeconds: number }) => {
        const minutes = Math.ceil(rate.retryAfterSeconds / 60)
        log.warn({ requestId: c.get('requestId'), ipHash: sender, count: rate.count }, 'process-form: rate limited')
        c.header(retryAfterHeader, String(rate.retryAfterSeconds))
        return json(
          c,
          {
            error: `Too many requests from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ${reachUs}.`,
          },
          429,
        )
      }
      const notABooking = async () => {
        const rate = await countRequest(database.db, rateKey, config.intakeRateLimit)
        return rate.limited ? tooMany(rate) : undefined
      }

      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return (await notABooking()) ?? json(c, { error: 'The request body is not valid JSON.' }, 400)
      }

      if (isObject(body) && typeof body[HONEYPOT_FIELD] === 'string' && body[HONEYPOT_FIELD].trim() !== '') {
        const limited = await notABooking()
        if (limited) return limited
        // Answered like a real request so the bot learns nothing; nothing is stored or sent.
        log.info({ requestId: c.get('requestId'), ipHash: sender }, 'process-form: honeypot filled; not stored')
        const email = typeof body.email === 'string' ? body.email : ''
        return json(c, {
          success: true,
          data: {
            email: {
              sent: true,
              recipient: email,
              subject: confirmationSubject(body.formType === 'contact' ? 'contact' : 'consultation'),
              message: `Confirmation sent to ${email}.`,
            },
          },
        })
      }

      const parsed = bookingRequestSchema.safeParse(body)
      if (!parsed.success) {
        const limited = await notABooking()
        if (limited) return limited
        const fields = fieldErrors(parsed.error)
        const first = parsed.error.issues[0]?.message ?? 'The form is incomplete.'
        return json(c, { error: `Please check the form: ${first}`, fields }, 400)
      }
      const request = parsed.data
      // A request sent signed in is that account's (its dashboard lists it); the address typed in
      // the form is not proof of anything (docs/booking.md).
      const submittedByUserId =
        deps.signedInUserId && c.req.header('cookie') ? await deps.signedInUserId(c.req.raw.headers) : null

      const recorded = await recordBooking(database, outbox, request, {
        ipHash: sender,
        userAgent: c.req.header('user-agent')?.slice(0, 500),
        publicUrl: config.publicUrl,
        bookingInbox: config.bookingInbox,
        rateLimit: { key: rateKey, ...config.intakeRateLimit },
        submittedByUserId,
      })
      if (recorded.outcome === 'limited') return tooMany(recorded)
      const reference = referenceOf(recorded.id)
      if (recorded.outcome === 'duplicate') {
        log.info({ requestId: c.get('requestId'), bookingId: recorded.id }, 'process-form: repeated request')
        return json(c, {
          success: true,
          data: { booking: { id: recorded.id, reference, duplicate: true } },
          warning: `We already received this request a moment ago (reference ${reference}), so it was recorded once.`,
        })
      }

      const sent = await outbox.sendNow([recorded.notification, recorded.confirmation], DELIVERY_BUDGET_MS)
      const confirmed = sent.has(recorded.confirmation.id)
      const notified = sent.has(recorded.notification.id)
      log.info(
        { requestId: c.get('requestId'), bookingId: recorded.id, formType: request.formType, confirmed, notified },
        'process-form: booking recorded',
      )
      return json(c, {
        success: true,
        data: {
          booking: { id: recorded.id, reference },
          email: {
            sent: confirmed,
            recipient: request.email,
            subject: recorded.confirmation.message.subject,
            message: confirmed
              ? `Confirmation sent to ${request.email}.`
              : `Your request is recorded (reference ${reference}); the confirmation e-mail to ${request.email} will follow shortly.`,
          },
        },
        ...(confirmed && !notified
          ? {
              warning: `Your confirmation is on its way, but the notification to our team is delayed. If you do not hear from us within one business day, please ${reachUs}.`,
            }
          : {}),
      })
    },
  )

  route.all('/', (c) => {
    c.header('Allow', ALLOW)
    return json(c, { error: `Method ${c.req.method} is not allowed here: send the form with POST.` }, 405)
  })

  return route
}

/**
 * CORS (the form may be posted from other sites of ours): the site's own origin always, other origins only
 * when listed in ALLOWED_ORIGINS. A request without an Origin header is not a browser's
 * cross-origin request and passes; a browser from another origin gets a 403.
 */
function cors(config: Config): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(config.publicUrl).origin
  const allowed = new Set([publicOrigin, ...config.allowedOrigins])
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (origin) {
      const sameHost = hostOf(origin) !== undefined && hostOf(origin) === c.req.header('host')
      if (!allowed.has(origin) && !sameHost) {
        return json(c, { error: `This form does not accept requests from ${origin}.` }, 403)
      }
      c.header('Access-Control-Allow-Origin', origin)
      c.header('Access-Control-Allow-Methods', ALLOW)
      c.header('Access-Control-Allow-Headers', 'Content-Type, Accept')
      c.header('Access-Control-Max-Age', '600')
    }
    c.header('Vary', 'Origin')
    await next()
  }
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

function unavailable(c: Context<AppEnv>) {
  c.header(retryAfterHeader, String(retryAfterSeconds))
  return json(c, { error: 'The form handler is temporarily unavailable. Please try again in a minute.' }, 503)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * c.json with a Content-Length: hono's compress() leaves an answer under its threshold (1 KB) alone
 * only when it knows the size, and this endpoint's answers are a few hundred bytes.
 */
function json(c: Context<AppEnv>, value: unknown, status: ContentfulStatusCode = 200) {
  const text = JSON.stringify(value)
  return c.body(text, status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) })
}
