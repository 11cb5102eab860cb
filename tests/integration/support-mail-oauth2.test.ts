// The support mailbox read with OAuth 2.0 (IMAP_AUTH=oauth2), as Microsoft 365 requires: the reader
// gets a token by the client-credentials grant, keeps it until shortly before it expires, signs in
// with it (XOAUTH2) and asks for a new one when the server refuses it (docs/support.md#connecting-a-mailbox).
// A real IMAP server (Dovecot with its oauth2 passdb) asks a local stand-in for the identity
// provider, which is the outside world here: it issues tokens and says which are good (RFC 7662).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.server.ts'
import { supportInboundMessages } from '../../server/db/schema/index.server.ts'
import { accessTokens } from '../../server/support/inbound/oauth2.server.ts'
import { imapClient, startMailboxReader } from '../../server/support/inbound/reader.server.ts'
import { startDovecot, type TestDovecot } from '../setup/dovecot.ts'
import { openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

const clientId = '7f0c2a5e-reader'
const clientSecret = 'reader-client-secret-value'

/** The identity provider's stand-in: a token address and an introspection address. */
type Provider = {
  url: string
  /** The token requests it answered, as sent. */
  requests: URLSearchParams[]
  /** The tokens it issued that the IMAP server asked about. */
  introspected: string[]
  /** How long the next tokens live (seconds). */
  expiresIn: number
  /** Tokens no longer good (the server refuses them). */
  revoked: Set<string>
  close(): Promise<void>
}

async function startProvider(): Promise<Provider> {
  let issued = 0
  const provider: Omit<Provider, 'url' | 'close'> = {
    requests: [],
    introspected: [],
    expiresIn: 3600,
    revoked: new Set(),
  }
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      const form = new URLSearchParams(body)
      res.setHeader('content-type', 'application/json')
      if (req.url === '/tenant/oauth2/v2.0/token') {
        provider.requests.push(form)
        if (form.get('client_secret') !== clientSecret || form.get('grant_type') !== 'client_credentials') {
          res.statusCode = 401
          res.end(
            JSON.stringify({ error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret.' }),
          )
          return
        }
        issued++
        res.end(
          JSON.stringify({ token_type: 'Bearer', expires_in: provider.expiresIn, access_token: `token-${issued}` }),
        )
        return
      }
      if (req.url === '/introspect') {
        const token = form.get('token') ?? ''
        provider.introspected.push(token)
        const good = /^token-\d+$/.test(token) && Number(token.slice(6)) <= issued && !provider.revoked.has(token)
        res.end(JSON.stringify(good ? { active: true, username: 'support' } : { active: false }))
        return
      }
      res.statusCode = 404
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(provider, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

let database: TestDatabase
let dovecot: TestDovecot
let provider: Provider

beforeAll(async () => {
  provider = await startProvider()
  ;[database, dovecot] = await Promise.all([
    openTestDatabase(),
    startDovecot({ users: ['support'], oauth2: { introspectionUrl: `${provider.url}/introspect` } }),
  ])
}, 180_000)
afterAll(async () => {
  await dovecot?.stop()
  await database?.cleanup()
  await provider?.close()
})

/** The settings the server boots with for this mailbox: no password in IMAP_URL, a token address instead. */
function oauthSettings(secret = clientSecret) {
  const config = loadConfig({
    IMAP_URL: `imap://support@127.0.0.1:${dovecot.port}/INBOX`,
    IMAP_AUTH: 'oauth2',
    IMAP_OAUTH_TOKEN_URL: `${provider.url}/tenant/oauth2/v2.0/token`,
    IMAP_OAUTH_CLIENT_ID: clientId,
    IMAP_OAUTH_CLIENT_SECRET: secret,
  })
  if (!config.imap?.oauth2) throw new Error('no OAuth 2.0 IMAP settings')
  return { ...config.imap, oauth2: config.imap.oauth2 }
}

function message(id: string): string {
  return [
    'From: Ann Client <ann@client.test>',
    'To: support@ramapo.test',
    'Subject: Printer is down',
    `Message-ID: <${id}@client.test>`,
    'Date: Fri, 27 Nov 2026 08:00:00 +0000',
    '',
    'The printer on the second floor prints blank pages.',
    '',
  ].join('\r\n')
}

async function stored(id: string) {
  const rows = await database.db
    .select()
    .from(supportInboundMessages)
    .where(eq(supportInboundMessages.messageId, `<${id}@client.test>`))
  return rows.length
}

describe('the support mailbox with OAuth 2.0', () => {
  it('boots with Microsoft 365’s scope by default and no password in IMAP_URL', () => {
    const settings = oauthSettings()
    expect(settings).toMatchObject({ user: 'support', password: '', host: '127.0.0.1', mailbox: 'INBOX' })
    expect(settings.oauth2).toEqual({
      tokenUrl: `${provider.url}/tenant/oauth2/v2.0/token`,
      clientId,
      clientSecret,
      scope: 'https://outlook.office365.com/.default',
    })
  })

  it('the IMAP server takes a good token and refuses another (XOAUTH2 against Dovecot)', async () => {
    const settings = oauthSettings()
    const token = await accessTokens(settings.oauth2).token()
    const good = imapClient(settings, token)
    await good.connect()
    expect(good.authenticated).toBeTruthy()
    await good.logout()
    const bad = imapClient(settings, 'token-that-was-never-issued')
    await expect(bad.connect()).rejects.toMatchObject({ authenticationFailed: true })
    expect(provider.introspected).toContain('token-that-was-never-issued')
  })

  it('reads the mailbox with a token it asked for by the client-credentials grant', async () => {
    const requestsBefore = provider.requests.length
    await dovecot.append('support', message('oauth-read'))
    const reader = startMailboxReader({
      settings: oauthSettings(),
      database,
      log: silentLogger(),
      process: async () => {},
    })
    try {
      await reader.caughtUp()
      expect(reader.state()).toBe('reading')
      expect(await stored('oauth-read')).toBe(1)
    } finally {
      await reader.stop()
    }
    const asked = provider.requests.slice(requestsBefore)
    expect(asked).toHaveLength(1)
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      scope: 'https://outlook.office365.com/.default',
    })
  })

  it('keeps a token until shortly before it expires, and asks once for connections starting together', async () => {
    const settings = oauthSettings()
    let now = Date.parse('2026-11-27T12:00:00Z')
    const tokens = accessTokens(settings.oauth2, { now: () => now })
    const before = provider.requests.length
    const [a, b] = await Promise.all([tokens.token(), tokens.token()])
    expect(a).toBe(b)
    expect(provider.requests.length - before).toBe(1)
    now += 54 * 60_000 // 6 minutes before the hour's end: still kept
    expect(await tokens.token()).toBe(a)
    expect(provider.requests.length - before).toBe(1)
    now += 2 * 60_000 // 4 minutes before: renewed
    const renewed = await tokens.token()
    expect(renewed).not.toBe(a)
    expect(provider.requests.length - before).toBe(2)
    // A short-lived token is renewed at half its life.
    provider.expiresIn = 120
    try {
      const short = accessTokens(settings.oauth2, { now: () => now })
      const first = await short.token()
      now += 59_000
      expect(await short.token()).toBe(first)
      now += 2_000
      expect(await short.token()).not.toBe(first)
    } finally {
      provider.expiresIn = 3600
    }
  })

  it('asks for a new token when the server refuses the kept one', async () => {
    const settings = oauthSettings()
    const tokens = accessTokens(settings.oauth2)
    const revoked = await tokens.token()
    // Revoked at the provider while the reader still keeps it (an admin's change, a password reset).
    provider.revoked.add(revoked)
    await dovecot.append('support', message('oauth-refused'))
    const before = provider.requests.length
    const reader = startMailboxReader({ settings, database, log: silentLogger(), process: async () => {}, tokens })
    try {
      await waitFor('the message read with a new token', async () => (await stored('oauth-refused')) === 1, {
        timeoutMs: 30_000,
      })
      expect(reader.state()).toBe('reading')
    } finally {
      await reader.stop()
    }
    expect(provider.introspected).toContain(revoked)
    expect(provider.requests.length - before).toBe(1)
    expect(await tokens.token()).not.toBe(revoked)
  })

  it('a client the token address refuses is named in the error, its secret never', async () => {
    const settings = oauthSettings('the-wrong-secret-value')
    const error = await accessTokens(settings.oauth2)
      .token()
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      )
    expect(error?.message).toBe(
      "the OAuth 2.0 token address refused the reader's client (invalid_client: AADSTS7000215: Invalid client secret.)",
    )
    expect(error?.message).not.toContain('the-wrong-secret-value')
  })
})
