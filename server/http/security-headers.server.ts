import { randomFillSync } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { GTM_ORIGIN } from '../../app/features/consent/head-script.ts'
import type { Config } from '../config.server.ts'

/**
 * The security headers of every answer of ours but the hashed assets (docs/security.md), as one
 * list that both the app's middleware and the page cache's answers (listener.server.ts) send, so
 * the two can never differ. The CSP names a nonce made for each response.
 */
export type SecurityHeaders = {
  /** The headers that are the same on every response. */
  fixed: ReadonlyArray<readonly [string, string]>
  /** The Content-Security-Policy naming `nonce`; undefined when no CSP is sent (development). */
  csp: ((nonce: string) => string) | undefined
}

export function securityHeaders(options: {
  /** False in development: Vite's client and HMR need inline scripts and websockets. */
  strictCsp: boolean
  /** Google Tag Manager's host is allowed only when a container is configured. */
  tagManager: boolean
  /** HSTS only where the site is served over https. */
  https: boolean
  /** Where the Pay and save-a-method forms send the client (the provider's hosted pages), if anywhere. */
  paymentOrigins?: readonly string[]
}): SecurityHeaders {
  const tagManager = options.tagManager ? [GTM_ORIGIN] : []
  const directives = (nonce: string): Array<[string, string[]]> => [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", `'nonce-${nonce}'`, ...tagManager]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...tagManager]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...tagManager]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...(options.paymentOrigins ?? [])]],
    ['object-src', ["'none'"]],
  ]
  const fixed: Array<[string, string]> = [
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ]
  if (options.https) fixed.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'])
  return {
    fixed,
    csp: options.strictCsp
      ? (nonce) =>
          directives(nonce)
            .map(([name, values]) => `${name} ${values.join(' ')}`)
            .join('; ')
      : undefined,
  }
}

/** This configuration's headers; `strictCsp` is false in development only. */
export function securityHeadersFor(config: Config, strictCsp: boolean): SecurityHeaders {
  return securityHeaders({
    strictCsp,
    tagManager: Boolean(config.gtmId),
    https: config.publicUrl.startsWith('https://'),
    // A form's redirect to Stripe's hosted checkout is a form action too (docs/billing.md#online-payments).
    paymentOrigins: config.stripe
      ? [
          config.stripe.apiBase
            ? `${config.stripe.apiBase.protocol}://${config.stripe.apiBase.host}:${config.stripe.apiBase.port}`
            : 'https://checkout.stripe.com',
        ]
      : [],
  })
}

/** Random bytes for nonces, drawn in blocks: one system call per 256 nonces instead of one each. */
const pool = Buffer.alloc(16 * 256)
let poolUsed = pool.length

/** A CSP nonce: 128 random bits, base64 (24 characters). */
export function newNonce(): string {
  if (poolUsed === pool.length) {
    randomFillSync(pool)
    poolUsed = 0
  }
  const nonce = pool.toString('base64', poolUsed, poolUsed + 16)
  poolUsed += 16
  return nonce
}

/**
 * Sets the security headers on the app's answers, replacing any a handler set, and makes the
 * response's nonce (read by the renderer as `secureHeadersNonce`) when a CSP is sent.
 */
export function securityHeadersMiddleware(headers: SecurityHeaders): MiddlewareHandler<{
  Variables: { secureHeadersNonce?: string }
}> {
  return async (c, next) => {
    const nonce = headers.csp ? newNonce() : undefined
    if (nonce) c.set('secureHeadersNonce', nonce)
    await next()
    const out = c.res.headers
    if (headers.csp && nonce) out.set('Content-Security-Policy', headers.csp(nonce))
    for (const [name, value] of headers.fixed) out.set(name, value)
    out.delete('X-Powered-By')
  }
}
