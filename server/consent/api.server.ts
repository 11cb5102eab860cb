import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Database } from '../db/client.server.ts'
import type { AppEnv } from '../http/app.server.ts'
import { consentLogEntrySchema, recordConsent } from './log.server.ts'

/** A consent record is about 250 bytes of JSON; anything much larger is not one. */
export const CONSENT_BODY_LIMIT_BYTES = 2 * 1024

/**
 * POST /api/consent: logs one saved cookie choice (anonymous id, choices, policy version; the time
 * and a salted hash of the IP are added here). Public, like the banner that calls it: it accepts
 * only JSON, which a cross-site form cannot send without a CORS preflight we never approve.
 */
export function consentApi(deps: { database: Database; ipHashSalt: string }) {
  const api = new Hono<AppEnv>()
  api.post(
    '/',
    bodyLimit({
      maxSize: CONSENT_BODY_LIMIT_BYTES,
      onError: (c) =>
        c.json(
          { error: `Request body too large: a consent record is at most ${CONSENT_BODY_LIMIT_BYTES} bytes.` },
          413,
        ),
    }),
    async (c) => {
      if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
        return c.json({ error: 'Send the consent record as JSON (Content-Type: application/json).' }, 415)
      }
      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        return c.json({ error: 'The request body is not valid JSON.' }, 400)
      }
      const parsed = consentLogEntrySchema.safeParse(body)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
        return c.json({ error: `Invalid consent record: ${where}${issue?.message ?? 'invalid'}` }, 400)
      }
      const row = await recordConsent(deps.database.db, parsed.data, {
        clientIp: c.get('clientIp'),
        ipHashSalt: deps.ipHashSalt,
      })
      return c.json({ id: row.id, recordedAt: row.recordedAt.toISOString() }, 201)
    },
  )
  return api
}
