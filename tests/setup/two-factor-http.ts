import { totpSecretOf, unusedTotpCode } from './totp.ts'

/**
 * Signing in over HTTP when an account may have two-factor sign-in, for the suites that run
 * against a built server (e2e, security) and their global set-ups: a small cookie jar, the
 * sign-in with its second step, and enrolment as /account/two-factor does it.
 */

export type HttpServer = {
  /** Where the server listens. */
  baseURL: string
  /** Its PUBLIC_URL's origin (sent as Origin, as a browser on our pages would). */
  origin: string
}

/** The Cookie header after `response`: `jar` with the response's Set-Cookie applied (expired ones removed). */
export function applySetCookies(jar: string, response: Response): string {
  const cookies = new Map(
    jar
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  )
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';')
    const name = pair.slice(0, pair.indexOf('='))
    const value = pair.slice(pair.indexOf('=') + 1)
    if (value === '' || /max-age=0(;|$)/i.test(header)) cookies.delete(name)
    else cookies.set(name, value)
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}

async function postAuth(server: HttpServer, path: string, body: unknown, ip: string, cookie = '') {
  return fetch(`${server.baseURL}/api/auth${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.origin,
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
}

/**
 * Signs in over HTTP and returns the Cookie header of the new session; with `totpSecret`, answers
 * the two-factor challenge with the code an authenticator app would show now. Throws when either
 * step fails. `responses` collects every answer (for tests of their headers).
 */
export async function signInOverHttp(
  server: HttpServer,
  account: { email: string; password: string; totpSecret?: string | undefined },
  ip: string,
  responses: Response[] = [],
): Promise<string> {
  const signIn = await postAuth(server, '/sign-in/email', { email: account.email, password: account.password }, ip)
  responses.push(signIn)
  if (signIn.status !== 200) throw new Error(`sign-in of ${account.email}: ${signIn.status} ${await signIn.text()}`)
  let jar = applySetCookies('', signIn)
  const body = (await signIn.json()) as { twoFactorRedirect?: boolean }
  if (!body.twoFactorRedirect) return jar
  if (!account.totpSecret) throw new Error(`${account.email} has two-factor sign-in: pass its secret`)
  const verify = await postAuth(
    server,
    '/two-factor/verify-totp',
    { code: await unusedTotpCode(account.totpSecret) },
    ip,
    jar,
  )
  responses.push(verify)
  if (verify.status !== 200)
    throw new Error(`second factor of ${account.email}: ${verify.status} ${await verify.text()}`)
  jar = applySetCookies(jar, verify)
  return jar
}

/**
 * Turns on two-factor sign-in for the signed-in account of `cookie` (password, then a code from
 * the app); returns the secret and the Cookie header of the session that replaced the old one.
 */
export async function enrolOverHttp(
  server: HttpServer,
  cookie: string,
  password: string,
  ip: string,
): Promise<{ totpSecret: string; cookie: string }> {
  const enable = await postAuth(server, '/two-factor/enable', { password }, ip, cookie)
  if (enable.status !== 200) throw new Error(`two-factor enable: ${enable.status} ${await enable.text()}`)
  const { totpURI } = (await enable.json()) as { totpURI: string }
  const totpSecret = totpSecretOf(totpURI)
  const verify = await postAuth(
    server,
    '/two-factor/verify-totp',
    { code: await unusedTotpCode(totpSecret) },
    ip,
    cookie,
  )
  if (verify.status !== 200) throw new Error(`two-factor confirm: ${verify.status} ${await verify.text()}`)
  return { totpSecret, cookie: applySetCookies(cookie, verify) }
}

/** The seeded admin of a test server, enrolled in two-factor sign-in (staff must be); returns its secret. */
export async function enrolAdmin(server: HttpServer, admin: { email: string; password: string }): Promise<string> {
  return (await enrolAdminSession(server, admin)).totpSecret
}

/**
 * enrolAdmin, keeping also the Cookie header of the session enrolment left the admin with. The
 * suites share that one session: each code works once (RFC 6238 §5.2), so an admin sign-in per
 * test would wait for the clock's next 30-second step.
 */
export async function enrolAdminSession(
  server: HttpServer,
  admin: { email: string; password: string },
): Promise<{ totpSecret: string; cookie: string }> {
  const ip = '10.254.254.1'
  const cookie = await signInOverHttp(server, admin, ip)
  return enrolOverHttp(server, cookie, admin.password, ip)
}
