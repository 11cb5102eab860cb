import { describe, expect, it } from 'vitest'
import { createAuth } from '../../server/accounts/auth.server'
import { BODY_LIMIT_BYTES } from '../../server/http/app.server'
import { uniqueIdentity } from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { inPool } from './helpers/pool'

/**
 * Every Better Auth endpoint that takes a body, read from the same configuration the server runs
 * (endpoints are only listed, never called, so the instance needs no database).
 */
function authBodyEndpoints(): string[] {
  const auth = createAuth({
    config: { publicUrl: 'http://localhost' } as never,
    database: { db: {} } as never,
    outbox: {} as never,
    log: { child: () => ({}) } as never,
    secret: 'listing-endpoints-only-'.repeat(3),
  })
  const paths = new Set<string>()
  for (const endpoint of Object.values(auth.api) as Array<{ path?: string; options?: { method?: unknown } }>) {
    const methods = [endpoint.options?.method].flat()
    if (!endpoint.path || !methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === '*')) continue
    paths.add(`/api/auth${endpoint.path.replace(/:[a-zA-Z]+/g, 'probe')}`)
  }
  return [...paths].sort()
}

/** Our own endpoints under /api that take a body, with their own (smaller) size limits. */
const ourEndpoints: ReadonlyArray<{ path: string; limit: number }> = [
  { path: '/api/process-form', limit: 32 * 1024 },
  { path: '/api/consent', limit: 2 * 1024 },
]

const endpoints: ReadonlyArray<{ path: string; limit: number }> = [
  ...ourEndpoints,
  ...authBodyEndpoints().map((path) => ({ path, limit: BODY_LIMIT_BYTES })),
]

/** A JSON text of about `bytes` bytes. */
const jsonOfSize = (bytes: number) => JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(bytes) })

const badBodies: ReadonlyArray<{ what: string; headers: Record<string, string>; body: (limit: number) => BodyInit }> = [
  { what: 'malformed JSON', headers: { 'content-type': 'application/json' }, body: () => '{"email": "a@example.com",' },
  { what: 'a JSON array', headers: { 'content-type': 'application/json' }, body: () => '[1, 2, 3]' },
  { what: 'a JSON string', headers: { 'content-type': 'application/json' }, body: () => '"hello"' },
  { what: 'JSON null', headers: { 'content-type': 'application/json' }, body: () => 'null' },
  { what: 'text/plain', headers: { 'content-type': 'text/plain' }, body: () => '{"email":"a@example.com"}' },
  { what: 'XML', headers: { 'content-type': 'application/xml' }, body: () => '<email>a@example.com</email>' },
  { what: 'no content type', headers: {}, body: () => new Uint8Array(Buffer.from('{"email":"a@example.com"}')) },
  {
    what: 'over the limit',
    headers: { 'content-type': 'application/json' },
    body: (limit) => jsonOfSize(limit + 1024),
  },
  {
    what: 'over the server-wide limit, streamed without Content-Length',
    headers: { 'content-type': 'application/json' },
    body: () => {
      const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
      let sent = 0
      return new ReadableStream({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"padding":"'))
          if (sent > BODY_LIMIT_BYTES + 64 * 1024) {
            controller.enqueue(new TextEncoder().encode('"}'))
            controller.close()
            return
          }
          controller.enqueue(chunk)
          sent += chunk.length
        },
      })
    },
  },
]

type Answer = { endpoint: string; what: string; status: number; type: string; body: string }

async function send(path: string, method: string, headers: Record<string, string>, body?: BodyInit): Promise<Answer> {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { origin: baseURL(), 'x-forwarded-for': uniqueIdentity('bodies').ip, ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
  return {
    endpoint: `${method} ${path}`,
    what: '',
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  }
}

/** Answers that are not a 4xx JSON object with a message, described for the failure report. */
function wrong(answers: Answer[]): string[] {
  return answers
    .filter((a) => {
      if (a.status < 400 || a.status > 499 || !/^application\/json/.test(a.type)) return true
      try {
        const parsed = JSON.parse(a.body) as { error?: unknown; message?: unknown }
        return typeof (parsed.error ?? parsed.message) !== 'string'
      } catch {
        return true
      }
    })
    .map((a) => `${a.endpoint} with ${a.what}: ${a.status} ${a.type} ${a.body.slice(0, 120)}`)
}

describe('bad request bodies on every API endpoint that takes one', () => {
  it('lists the endpoints from the running configuration', () => {
    const paths = endpoints.map((e) => e.path)
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/change-password']) {
      expect(paths).toContain(path)
    }
    expect(paths.length).toBeGreaterThan(25)
  })

  it('answers malformed, wrongly typed and oversized bodies with a 4xx JSON message, never 5xx or HTML', async () => {
    const answers = await inPool(
      endpoints.flatMap(({ path, limit }) =>
        badBodies.map(({ what, headers, body }) => async () => ({
          ...(await send(path, 'POST', headers, body(limit))),
          what,
        })),
      ),
    )
    expect(wrong(answers)).toEqual([])
    // Oversized bodies are refused as such, before anything reads them.
    const oversized = answers.filter((a) => a.what.startsWith('over the'))
    expect(oversized.filter((a) => a.status !== 413).map((a) => `${a.endpoint} ${a.what}: ${a.status}`)).toEqual([])
  })

  it('answers other methods on our endpoints, and unknown endpoints, with 4xx JSON', async () => {
    const paths = ['/api/process-form', '/api/consent', '/api/health', '/api/account/profile', '/api/realtime']
    const answers = await inPool(
      [...paths, '/api/admin/consent-log.csv', '/api/no-such-endpoint'].flatMap((path) =>
        ['PUT', 'PATCH', 'DELETE'].map((method) => async () => ({
          ...(await send(path, method, { 'content-type': 'application/json' }, '{}')),
          what: 'an unsupported method',
        })),
      ),
    )
    expect(wrong(answers)).toEqual([])
  })
})
