import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/server-process.mjs'
import { demoClient } from '../../server/accounts/demo-client.server'
import { demoOffice } from '../../server/organisations/demo.server'
import { editPostTitle } from '../setup/blog-editor.ts'
import { testAdmin } from '../setup/built-server'
import { enrolAdmin, signInOverHttp } from '../setup/two-factor-http'

// The anonymous public page cache (docs/page-cache.md) on the built server, embedded database:
// what it serves, to whom, and that what it serves is what a render gives. A server of its own,
// logging every request, so each answer's log line says whether it came from the cache.

type RequestLine = { msg?: string; path?: string; status?: number; cache?: string; requestId?: string }

let server: BuiltServer
let adminCookie = ''

beforeAll(async () => {
  server = await startBuiltServer({
    env: { LOG_LEVEL: 'info', ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password },
  })
  // Staff pages need the second factor: enrol the seeded admin, then sign in with a code.
  const target = { baseURL: server.url, origin: server.url }
  const totpSecret = await enrolAdmin(target, testAdmin)
  adminCookie = await signInOverHttp(target, { ...testAdmin, totpSecret }, '10.254.254.2')
  expect(adminCookie).toMatch(/ramapo\.session_token=/)
})
afterAll(async () => {
  await server?.stop()
})

type Answer = { status: number; headers: Headers; html: string; nonce: string; cache: string | undefined }

/** One request, with its CSP nonce and what its log line says about the cache. */
async function get(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init })
  const html = await response.text()
  const requestId = response.headers.get('x-request-id')
  let line: RequestLine | undefined
  for (let i = 0; i < 50 && !line; i++) {
    line = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as RequestLine)
      .find((l) => l.msg === 'request' && l.requestId === requestId)
    if (!line) await new Promise((r) => setTimeout(r, 20))
  }
  expect(line, `log line of ${path}`).toBeDefined()
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? ''
  return { status: response.status, headers: response.headers, html, nonce, cache: line?.cache }
}

/** The page with its nonce taken out: what must be the same for every anonymous visitor. */
const withoutNonce = (a: Answer) => a.html.replaceAll(a.nonce, 'NONCE')

describe('the anonymous page cache', () => {
  it('stores a public page on its first render and answers from memory after, with a fresh nonce each time', async () => {
    const first = await get('/')
    expect(first).toMatchObject({ status: 200, cache: 'stored' })
    const answers = [await get('/'), await get('/'), await get('/')]
    const nonces = new Set([first.nonce])
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, cache: 'hit' })
      expect(answer.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      nonces.add(answer.nonce)
      expect(withoutNonce(answer)).toBe(withoutNonce(first))
      // Every script carries this response's nonce, and no other nonce is left in the page.
      const scripts = [...answer.html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1])
      expect(scripts.length).toBeGreaterThan(0)
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${answer.nonce}"`)
      for (const other of nonces) if (other !== answer.nonce) expect(answer.html).not.toContain(other)
      expect(answer.headers.get('vary')).toBe('Accept-Encoding')
      expect(answer.headers.get('x-frame-options')).toBe('DENY')
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
    }
    expect(nonces.size).toBe(4)
  })

  it('is what a render gives: the same page as a visitor whose request must be rendered', async () => {
    await get('/it-support-suffern-ny')
    const cached = await get('/it-support-suffern-ny')
    expect(cached.cache).toBe('hit')
    // A cookie with the session name but no valid session: rendered, as a visitor not signed in.
    const rendered = await get('/it-support-suffern-ny', {
      headers: { cookie: 'ramapo.session_token=no-such-session' },
    })
    expect(rendered.cache).toBeUndefined()
    expect(withoutNonce(cached)).toBe(withoutNonce(rendered))
  })

  it('sends gzip, joined around the nonce, that decompresses to the page', async () => {
    await get('/services/managed-it')
    // fetch would decode it by itself: the bytes as sent, through node:http
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${server.url}/services/managed-it`, { headers: { 'accept-encoding': 'br, gzip' } }, resolve)
        .on('error', reject),
    )
    const chunks: Buffer[] = []
    for await (const chunk of response) chunks.push(chunk as Buffer)
    const gzip = Buffer.concat(chunks)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers.vary).toBe('Accept-Encoding')
    expect(Number(response.headers['content-length'])).toBe(gzip.length)
    const html = zlib.gunzipSync(gzip).toString()
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1]
    const plain = await get('/services/managed-it')
    expect(plain.cache).toBe('hit')
    expect(html.replaceAll(nonce ?? '?', 'NONCE')).toBe(withoutNonce(plain))
  }, 30_000)

  it('gives each of many answers at once its own nonce in its own body, plain and gzip', async () => {
    // The server reuses a body once its answer is written (nonce-template.server.ts): answers in
    // flight together must never share one, nor carry another's nonce.
    await get('/services/managed-it')
    const plain = withoutNonce(await get('/services/managed-it'))
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
    const one = (acceptEncoding: string) =>
      new Promise<{ body: string; nonce: string | undefined }>((resolve, reject) =>
        http
          .get(
            `${server.url}/services/managed-it`,
            { agent, headers: { 'accept-encoding': acceptEncoding } },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (chunk: Buffer) => chunks.push(chunk))
              res.on('end', () => {
                const bytes = Buffer.concat(chunks)
                const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(bytes) : bytes
                const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
                resolve({ body: body.toString(), nonce })
              })
              res.on('error', reject)
            },
          )
          .on('error', reject),
      )
    try {
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, i) => one(i % 2 ? 'gzip, deflate, br' : 'identity')),
        )
        expect(new Set(answers.map((a) => a.nonce)).size).toBe(answers.length)
        for (const { body, nonce } of answers) {
          expect(nonce).toBeTruthy()
          expect(body.replaceAll(nonce ?? '?', 'NONCE')).toBe(plain)
        }
      }
    } finally {
      agent.destroy()
    }
  }, 60_000)

  it('never answers a signed-in visitor with the anonymous page, nor an anonymous visitor with theirs', async () => {
    const anonymous = await get('/promotional-offer')
    expect(anonymous.cache).toBe('stored')
    const admin = await get('/promotional-offer', { headers: { cookie: adminCookie } })
    expect(admin.status).toBe(200)
    expect(admin.cache).not.toBe('hit')
    // The signed-in page has the account's menu and status (an islands page for them too, ADR 038);
    // the anonymous one has neither.
    expect(admin.html).toContain('data-testid="account-menu"')
    expect(admin.html).toContain('data-account-status="approved"')
    const after = await get('/promotional-offer')
    expect(after.cache).toBe('hit')
    expect(after.html).not.toContain('account-menu')
    expect(after.html).not.toContain('data-account-status')
    // Under https the cookie is __Secure-ramapo.session_token: a request carrying it is rendered
    // (no session behind it: the anonymous page, drawn again).
    const secure = await get('/promotional-offer', { headers: { cookie: '__Secure-ramapo.session_token=abc' } })
    expect(secure.cache).toBeUndefined()
    expect(withoutNonce(secure)).toBe(withoutNonce(after))
  })

  it('serves the plain page for campaign tags, and renders any query a page may read', async () => {
    await get('/book')
    expect((await get('/book?utm_source=newsletter&fbclid=abc')).cache).toBe('hit')
    const prefilled = await get('/book?service=managed-it')
    expect(prefilled.cache).toBeUndefined()
    expect(withoutNonce(prefilled)).not.toBe(withoutNonce(await get('/book')))
    expect((await get('/?token=abc')).cache).toBeUndefined()
  })

  it('never stores an error, a redirect or a page with another spelling of its address', async () => {
    for (const path of ['/no-such-town', '/no/such-page', '/404', '/Services/managed-it', '/privacy/']) {
      const first = await get(path)
      const second = await get(path)
      expect([first.cache, second.cache], path).not.toContain('hit')
      expect([first.cache, second.cache], path).not.toContain('stored')
    }
    expect((await get('/no-such-town')).status).toBe(302)
    expect((await get('/no/such-page')).status).toBe(404)
  })

  it('answers HEAD from the cache with the length of the page', async () => {
    const page = await get('/terms')
    const head = await fetch(`${server.url}/terms`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(page.html))
  })

  it('shows a blog edit on the next request', async () => {
    const slug = 'tax-season-it-checklist-for-cpa-firms'
    await get(`/blog/${slug}`)
    await get('/blog')
    expect((await get(`/blog/${slug}`)).cache).toBe('hit')
    expect((await get('/blog')).cache).toBe('hit')

    const title = `Tax season checklist, edited ${Date.now()}`
    await editPostTitle(server.url, { cookie: adminCookie, slug, title })

    const post = await get(`/blog/${slug}`)
    expect(post.cache).toBe('stored')
    expect(post.html).toContain(title)
    const blog = await get('/blog')
    expect(blog.cache).toBe('stored')
    expect(blog.html).toContain(title)
    // Pages that do not show the blog stay cached.
    expect((await get('/')).cache).toBe('hit')
  })
})

describe('public pages for signed-in visitors (ADR 040)', () => {
  // Two clients of one variant (approved clients of the demo office) and the admin, another.
  let carla = ''
  let ben = ''
  beforeAll(async () => {
    const secrets = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8')) as {
      demoClientPassword: string
      demoBillingPassword: string
    }
    const target = { baseURL: server.url, origin: server.url }
    carla = await signInOverHttp(
      target,
      { email: demoClient.email, password: secrets.demoClientPassword },
      '10.254.254.3',
    )
    ben = await signInOverHttp(
      target,
      { email: demoOffice.billing.email, password: secrets.demoBillingPassword },
      '10.254.254.4',
    )
  })

  const as = (cookie: string) => ({ headers: { cookie } })

  it("keeps a public page once per account variant: the menu and status of that account, nobody's own words", async () => {
    const first = await get('/terms', as(carla))
    expect(first).toMatchObject({ status: 200, cache: 'stored' })
    const again = await get('/terms', as(carla))
    expect(again.cache).toBe('hit')
    // Another client of the same variant gets the same page, from memory.
    const other = await get('/terms', as(ben))
    expect(other.cache).toBe('hit')
    for (const answer of [first, again, other]) {
      expect(withoutNonce(answer)).toBe(withoutNonce(first))
      expect(answer.html).toContain('data-testid="account-menu"')
      expect(answer.html).toContain('data-account-status="approved"')
      expect(answer.html).toContain('href="/dashboard"')
      // Theirs alone, for no shared cache to keep; and nothing of either person is in it.
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
      for (const word of [demoClient.name, demoClient.email, demoOffice.billing.name, demoOffice.billing.email]) {
        expect(answer.html).not.toContain(word)
      }
      const scripts = [...answer.html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1])
      expect(scripts.length).toBeGreaterThan(0)
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${answer.nonce}"`)
    }
    expect(new Set([first.nonce, again.nonce, other.nonce]).size).toBe(3)

    // The admin is another variant: their own menu, stored for them, never a client's page.
    const admin = await get('/terms', as(adminCookie))
    expect(admin.cache).toBe('stored')
    expect(admin.html).toContain('href="/admin"')
    expect(admin.html).not.toContain('href="/dashboard"')
    expect((await get('/terms', as(adminCookie))).cache).toBe('hit')
    // And the anonymous page is its own.
    const anonymous = await get('/terms')
    expect(anonymous.html).not.toContain('account-menu')
    expect(withoutNonce(anonymous)).not.toBe(withoutNonce(first))
  })

  it('is what a render gives for that visitor', async () => {
    await get('/services/managed-it', as(carla))
    const cached = await get('/services/managed-it', as(carla))
    expect(cached.cache).toBe('hit')
    // A campaign tag is served from memory; a query the page may read is rendered for the visitor.
    expect((await get('/services/managed-it?utm_source=news', as(carla))).cache).toBe('hit')
    const rendered = await get('/services/managed-it?from=test', as(carla))
    expect(rendered.cache).toBeUndefined()
    expect(withoutNonce(rendered)).toBe(withoutNonce(cached))
  })

  it('never keeps a page that is not public: the portal, the sign-in page', async () => {
    for (const path of ['/dashboard', '/billing', '/auth', '/support']) {
      const answers = [await get(path, as(carla)), await get(path, as(carla))]
      expect(
        answers.map((a) => a.cache),
        path,
      ).toEqual([undefined, undefined])
    }
  })

  it('shows a blog edit to signed-in visitors on the next request', async () => {
    const slug = 'home-wifi-that-reaches-every-room'
    await get(`/blog/${slug}`, as(carla))
    expect((await get(`/blog/${slug}`, as(carla))).cache).toBe('hit')
    const title = `Home Wi-Fi in every room, edited ${Date.now()}`
    await editPostTitle(server.url, { cookie: adminCookie, slug, title })
    const post = await get(`/blog/${slug}`, as(carla))
    expect(post.cache).toBe('stored')
    expect(post.html).toContain(title)
  })

  it("never stores a render that holds the visitor's own words; another's render of the page is kept", async () => {
    const slug = 'home-wifi-that-reaches-every-room'
    const title = `Wi-Fi notes for ${demoClient.name}, ${Date.now()}`
    await editPostTitle(server.url, { cookie: adminCookie, slug, title })
    // Carla's name is in the page: what was rendered for her is not kept (it could be hers).
    expect((await get(`/blog/${slug}`, as(carla))).cache).toBe('not-stored')
    expect((await get(`/blog/${slug}`, as(carla))).cache).toBe('not-stored')
    // Rendered for Ben, the page holds nothing of his: kept, and the same page for Carla.
    const forBen = await get(`/blog/${slug}`, as(ben))
    expect(forBen.cache).toBe('stored')
    const forCarla = await get(`/blog/${slug}`, as(carla))
    expect(forCarla.cache).toBe('hit')
    expect(forCarla.html).toContain(demoClient.name)
  })
})
