import { z } from 'zod'
import type { ImapOAuth2Settings } from '../../config.server.ts'

/**
 * The support mailbox's OAuth 2.0 access token (IMAP_AUTH=oauth2, docs/support.md#connecting-a-mailbox):
 * the client-credentials grant (RFC 6749 §4.4) Microsoft 365 uses for a mailbox read by an
 * application, or any server's. A token is kept until shortly before it expires and shared by every
 * connection; when the IMAP server refuses it (revoked, or expired early) `refused` drops it, so the
 * next sign-in fetches a new one. The token and the client secret are never logged.
 */

/** A token is renewed this long before it expires (or at half its life, when that is shorter). */
export const renewBeforeMs = 5 * 60_000

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  // Microsoft sends a number; some servers a string of digits. Without it, an hour (the usual life).
  expires_in: z.coerce.number().int().positive().optional(),
})

const errorAnswer = z.object({ error: z.string(), error_description: z.string().optional() })

export type AccessTokens = {
  /** A token good for a while: the kept one, or a new one from the token address. */
  token(): Promise<string>
  /** The IMAP server refused this token: forget it (a newer one is kept as it is). */
  refused(token: string): void
}

export function accessTokens(
  settings: ImapOAuth2Settings,
  options: { now?: () => number; fetch?: typeof fetch; timeoutMs?: number } = {},
): AccessTokens {
  const now = options.now ?? Date.now
  const fetchToken = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 30_000
  let kept: { token: string; renewAt: number } | undefined
  let asking: Promise<string> | undefined

  const ask = async (): Promise<string> => {
    const asked = now()
    const response = await fetchToken(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        scope: settings.scope,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const said = errorAnswer.safeParse(body)
      const why = said.success
        ? `${said.data.error}${said.data.error_description ? `: ${said.data.error_description.split(/\r?\n/)[0]}` : ''}`
        : `HTTP ${response.status}`
      throw new Error(`the OAuth 2.0 token address refused the reader's client (${why})`)
    }
    const answer = tokenAnswer.safeParse(body)
    if (!answer.success) throw new Error('the OAuth 2.0 token address answered without an access token')
    const lifeMs = (answer.data.expires_in ?? 3600) * 1000
    kept = { token: answer.data.access_token, renewAt: asked + lifeMs - Math.min(renewBeforeMs, lifeMs / 2) }
    return answer.data.access_token
  }

  return {
    async token() {
      if (kept && now() < kept.renewAt) return kept.token
      // Connections starting together share one request.
      asking ??= ask().finally(() => {
        asking = undefined
      })
      return asking
    },
    refused(token) {
      if (kept?.token === token) kept = undefined
    },
  }
}
