import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminCredentials,
  adminSessionCookie,
  enrolledStaffSession,
  invitedAccountOverHttp,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
} from './helpers/accounts'
import { baseURL, newPage, testBrowser, visit } from './helpers/browser'

type Who = 'anonymous' | 'pending client' | 'approved client' | 'employee' | 'admin'
const everyone: Who[] = ['anonymous', 'pending client', 'approved client', 'employee', 'admin']

const ip = uniqueIdentity('matrix').ip
const cookies = new Map<Who, string>()
const emails = new Map<Who, string>()
/** Someone else waiting for approval: only the admin may ever see this address. */
const bystander = uniqueIdentity('matrix-bystander').email

async function get(path: string, who: Who, headers: Record<string, string> = {}) {
  return fetch(`${baseURL()}${path}`, {
    redirect: 'manual',
    headers: { 'x-forwarded-for': ip, ...(cookies.get(who) ? { cookie: cookies.get(who) ?? '' } : {}), ...headers },
  })
}

async function post(path: string, who: Who, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${baseURL()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'x-forwarded-for': ip,
      origin: baseURL(),
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookies.get(who) ? { cookie: cookies.get(who) ?? '' } : {}),
      ...headers,
    },
    body: new URLSearchParams(form),
  })
}

beforeAll(async () => {
  emails.set('admin', adminCredentials().email)
  cookies.set('admin', await adminSessionCookie(uniqueIdentity('m').ip))
  const pending = uniqueIdentity('matrix-pending').email
  await verifiedAccountOverHttp(pending, ip, 'Matrix Pending')
  emails.set('pending client', pending)
  await verifiedAccountOverHttp(bystander, ip, 'Matrix Bystander')
  const adminCookie = cookies.get('admin') ?? ''
  emails.set('approved client', await invitedAccountOverHttp('client', 'matrix-approved', adminCookie, ip))
  emails.set('employee', await invitedAccountOverHttp('employee', 'matrix-employee', adminCookie, ip))
  for (const who of ['pending client', 'approved client'] as const) {
    cookies.set(who, await sessionCookie(emails.get(who) ?? '', strongPassword, uniqueIdentity('m').ip))
  }
  // Staff pages need a second factor: the employee enrols first.
  cookies.set('employee', (await enrolledStaffSession(emails.get('employee') ?? '', uniqueIdentity('m').ip)).cookie)
})

/** Expected answer per page: a status, or where it redirects. */
type Outcome = number | `→ ${string}`
const pages: Record<string, Record<Who, Outcome>> = {
  '/dashboard': {
    anonymous: '→ /auth?redirectTo=%2Fdashboard',
    'pending client': 200,
    'approved client': 200,
    employee: 200,
    admin: 200,
  },
  ...Object.fromEntries(
    ['/billing', '/billing/estimates', '/billing/invoices', '/billing/receipts', '/billing/contracts'].map((path) => [
      path,
      {
        anonymous: `→ /auth?redirectTo=${encodeURIComponent(path)}`,
        'pending client': `→ /dashboard?needsApproval=${encodeURIComponent(path)}`,
        'approved client': 200,
        employee: 200,
        admin: 200,
      },
    ]),
  ),
  '/billing/payroll': {
    anonymous: '→ /auth?redirectTo=%2Fbilling%2Fpayroll',
    'pending client': '→ /dashboard?needsApproval=%2Fbilling%2Fpayroll',
    'approved client': 404,
    employee: 404,
    admin: 404,
  },
  '/admin': {
    anonymous: '→ /auth?redirectTo=%2Fadmin',
    'pending client': 403,
    'approved client': 403,
    employee: 403,
    admin: 200,
  },
  '/employee': {
    anonymous: '→ /auth?redirectTo=%2Femployee',
    'pending client': 403,
    'approved client': 403,
    employee: 200,
    admin: 200,
  },
  '/account/settings': {
    anonymous: '→ /auth?redirectTo=%2Faccount%2Fsettings',
    'pending client': 200,
    'approved client': 200,
    employee: 200,
    admin: 200,
  },
  '/portal': {
    anonymous: '→ /auth',
    'pending client': '→ /dashboard',
    'approved client': '→ /dashboard',
    employee: '→ /employee',
    admin: '→ /admin',
  },
}

function outcomeOf(response: Response): Outcome {
  const location = response.headers.get('location')
  return response.status >= 300 && response.status < 400 && location ? `→ ${location}` : response.status
}

describe('the permission matrix', () => {
  it('answers every protected page as expected for each kind of visitor, and denied pages leak nothing', async () => {
    const seen: Record<string, Record<string, Outcome>> = {}
    for (const [path, expected] of Object.entries(pages)) {
      seen[path] = {}
      for (const who of everyone) {
        const response = await get(path, who)
        const row = seen[path] as Record<string, Outcome>
        row[who] = outcomeOf(response)
        const body = await response.text()
        // The admin's list of waiting accounts never reaches anyone else.
        if (who !== 'admin') expect(body, `${who} ${path}`).not.toContain(bystander)
        expect(row[who], `${who} ${path}`).toEqual(expected[who])
      }
    }
    // The data requests behind client-side navigation obey the same rules.
    for (const who of ['pending client', 'approved client', 'employee'] as const) {
      const data = await get('/admin.data', who)
      expect(data.status, `${who} /admin.data`).not.toBe(200)
      expect(await data.text()).not.toContain(bystander)
    }
    const adminData = await get('/admin.data', 'admin')
    expect(adminData.status).toBe(200)
    expect(await adminData.text()).toContain(bystander)
  })

  it('answers the account API with the caller’s own record only', async () => {
    expect((await get('/api/account/profile', 'anonymous')).status).toBe(401)
    for (const who of everyone.filter((w) => w !== 'anonymous')) {
      const response = await get('/api/account/profile', who)
      expect(response.status).toBe(200)
      const profile = (await response.json()) as { email: string; role: string; status: string; isAdmin: boolean }
      expect(profile.email).toBe(emails.get(who))
      expect(profile.isAdmin).toBe(who === 'admin')
      expect(profile.status).toBe(who === 'pending client' ? 'pending' : 'approved')
    }
  })

  it('opens the live status stream for signed-in users only', async () => {
    for (const who of everyone) {
      const response = await get('/api/realtime', who, { accept: 'text/event-stream' })
      if (who === 'anonymous') {
        expect(response.status).toBe(401)
      } else {
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toMatch(/text\/event-stream/)
        const reader = response.body?.getReader()
        const first = new TextDecoder().decode((await reader?.read())?.value)
        expect(first).toContain('event: status')
        await reader?.cancel()
      }
    }
  })

  it('refuses the admin actions to everyone but admins, and state changes without our Origin', async () => {
    const review = { intent: 'review', onboardingId: '00000000-0000-4000-8000-000000000000', decision: 'approve' }
    expect(outcomeOf(await post('/admin', 'anonymous', review))).toBe('→ /auth?redirectTo=%2Fadmin')
    for (const who of ['pending client', 'approved client', 'employee'] as const) {
      expect((await post('/admin', who, review)).status, who).toBe(403)
      const invite = await post('/admin', who, {
        intent: 'invite',
        name: 'Sneaky',
        email: 'sneaky@example.com',
        role: 'employee',
      })
      expect(invite.status, who).toBe(403)
    }
    // A known id that is no longer waiting is a conflict, not a crash.
    expect((await post('/admin', 'admin', review)).status).toBe(409)
    // A request that names no origin at all is refused before it changes anything.
    const noOrigin = await fetch(`${baseURL()}/account/settings`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'x-forwarded-for': ip,
        cookie: cookies.get('approved client') ?? '',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ intent: 'profile', name: 'Changed', phone: '(845) 555-0100' }),
    })
    expect(noOrigin.status).toBe(403)
    const profile = (await (await get('/api/account/profile', 'approved client')).json()) as { name: string }
    expect(profile.name).toBe('Matrix matrix-approved')
  })
})

describe('staff and denied pages in the browser', () => {
  const browser = testBrowser()

  it('renders the employee portal, and a clear page for a refused role, without accessibility violations', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { extraHTTPHeaders: { 'x-forwarded-for': ip } })
    const url = new URL(baseURL())
    await context.addCookies(
      (cookies.get('employee') ?? '').split('; ').map((pair) => {
        const [name = '', value = ''] = pair.split('=')
        return { name, value, domain: url.hostname, path: '/' }
      }),
    )
    expect(await visit(page, '/employee')).toBe(200)
    await page.getByRole('heading', { name: 'Employee portal', level: 1 }).waitFor()
    expect(await visit(page, '/admin')).toBe(403)
    await page.getByRole('heading', { name: 'No access to this page', level: 1 }).waitFor()
    await page.getByText('This page is for administrators.').waitFor()
    expect(consoleErrors.filter((e) => !/status of 403/.test(e))).toEqual([])
    await context.close()
  })
})
