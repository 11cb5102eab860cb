import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, businessDate } from '../../app/lib/business-time'
import {
  adminSessionCookie,
  invitedAccountOverHttp,
  postForm,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
  waitForMail,
} from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { consultationBody } from '../integration/helpers/intake'

/**
 * Findings 4 to 9 of the third probe (docs/security.md) and what it saw besides, each over HTTP
 * against the built server as the probe did: dates far out or past, a no-JavaScript billing form
 * with a date that is not one, a decimal comma, plain text sent to feed readers as HTML, names that
 * reorder themselves, a forged PDF called genuine, staff addresses in a client's contract trail,
 * and a calendar file's attendee quoting. The server logs no error for any of it (the suite fails
 * on one).
 */

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
const overrides = '\u202E'
const directionNames = ['Mal\u202EecnalliM', 'Ann\u200BLee', 'Bo\u2066b\u2069', 'Sam\u200F']

let admin: string
let clientEmail: string
let client: string
const ip = () => uniqueIdentity('probe-3').ip

async function get(path: string, cookie: string) {
  const response = await fetch(`${baseURL()}${path}`, { headers: { cookie, 'x-forwarded-for': ip() } })
  return { status: response.status, body: await response.text() }
}

/** The calendar file of an invitation e-mail, decoded. */
function calendarPart(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/calendar/i.test(p)) ?? ''
  const split = part.search(/\r?\n\r?\n/)
  const body = part.slice(split).trim()
  return /base64/i.test(part.slice(0, split)) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body
}

/**
 * The id of a client's organisation as the staff editors' data lists it (id, then a label naming
 * the person it is addressed to by e-mail): what the editors' Client picker sends as organisationId.
 */
async function clientIdOf(page: string, email: string): Promise<string> {
  const data = await get(`${page}.data`, admin)
  const id = new RegExp(`"(${uuid.source})",(?:"label",)?"[^"]*${email.replace(/[.+]/g, '\\$&')}[^"]*"`).exec(
    data.body,
  )?.[1]
  expect(id, `client ${email} on ${page}`).toBeDefined()
  return id ?? ''
}

beforeAll(async () => {
  admin = await adminSessionCookie(ip())
  clientEmail = await invitedAccountOverHttp('client', 'probe-3-client', admin, ip())
  client = await sessionCookie(clientEmail, strongPassword, ip())
})

describe('finding 4: dates far out and in the past', () => {
  it('refuses an appointment on 9999-12-31 or in 2020 with a field error, and e-mails no invitation', async () => {
    const email = uniqueIdentity('probe-3-booking').email
    const intake = await fetch(`${baseURL()}/api/process-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': ip() },
      body: JSON.stringify(consultationBody({ email, firstName: 'Ann "Ace"', lastName: 'Lee', name: 'Ann "Ace" Lee' })),
    })
    expect(intake.status).toBe(200)
    const list = await get(`/employee/requests?q=${encodeURIComponent(email)}`, admin)
    const id = new RegExp(`/employee/requests/(${uuid.source})`).exec(list.body)?.[1] ?? ''
    expect(id).not.toBe('')
    for (const date of ['9999-12-31', '2020-01-01', '2026-02-30', addDays(businessDate(new Date()), 400)]) {
      const answer = await postForm(
        `/employee/requests/${id}`,
        { intent: 'schedule', version: '1', date, time: '10:30', minutes: '45', place: 'phone', details: '' },
        { cookie: admin, ip: ip() },
      )
      expect(answer.status, date).toBe(400)
      expect(await answer.text(), date).toMatch(/Enter a date like|still to come|within the next year/)
    }
    await expect(waitForMail(email, /Your consultation with/, 1_000)).rejects.toThrow(/no mail/)

    // Also seen: a date inside the window is taken, and the calendar file quotes the attendee's
    // name as RFC 6868 says (the ics library's \" ends the value early in calendar programs).
    const taken = await postForm(
      `/employee/requests/${id}`,
      {
        intent: 'schedule',
        version: '1',
        date: addDays(businessDate(new Date()), 7),
        time: '10:30',
        minutes: '45',
        place: 'phone',
        details: '',
      },
      { cookie: admin, ip: ip() },
    )
    expect(taken.status).toBe(200)
    const ics = calendarPart((await waitForMail(email, /Your consultation with/)).raw).replace(/\r?\n[ \t]/g, '')
    const attendee = ics.split(/\r?\n/).find((line) => line.startsWith('ATTENDEE')) ?? ''
    expect(attendee).toContain(`CN="Ann ^'Ace^' Lee"`)
    expect(attendee).toContain(`mailto:${email}`)
    expect(ics).not.toContain('\\"')
  })

  it('refuses a blog post scheduled for 9999-12-31T23:59 with a field error', async () => {
    const slug = `probe-far-${Date.now().toString(36)}`
    const answer = await postForm(
      '/admin/blog/new',
      {
        intent: 'save',
        title: 'Far out',
        slug,
        excerpt: 'Later.',
        body: 'Body',
        authorName: 'Ramapo IT Services',
        status: 'schedule',
        publishAt: '9999-12-31T23:59',
      },
      { cookie: admin, ip: ip() },
    )
    expect(answer.status).toBe(400)
    expect(await answer.text()).toMatch(/between 2000 and 2100/)
  })
})

describe('findings 5 and 6: the billing editor without JavaScript', () => {
  const draft = (clientId: string, change: Record<string, string>) => ({
    intent: 'save',
    kind: 'invoice',
    organisationId: clientId,
    dueOn: addDays(businessDate(new Date()), 30),
    'lines.0.description': 'Managed IT, per user',
    'lines.0.quantity': '1',
    'lines.0.unitPrice': '100.00',
    taxRate: '0',
    ...change,
  })

  it('answers a date that is not one with 400 and field errors, as the data request does', async () => {
    const clientId = await clientIdOf('/admin/billing/new', clientEmail)
    const changes: Array<Record<string, string>> = [{ dueOn: 'x' }, { kind: 'estimate', expiresOn: 'x' }]
    for (const change of changes) {
      const page = await postForm('/admin/billing/new', draft(clientId, change), { cookie: admin, ip: ip() })
      expect(page.status, JSON.stringify(change)).toBe(400)
      expect(await page.text()).toContain('Enter a date like 2026-05-31')
      const data = await postForm('/admin/billing/new.data', draft(clientId, change), { cookie: admin, ip: ip() })
      expect(data.status, JSON.stringify(change)).toBe(400)
    }
  })

  it('refuses a decimal comma in a quantity and reads 1,500 as fifteen hundred', async () => {
    const clientId = await clientIdOf('/admin/billing/new', clientEmail)
    for (const quantity of ['1,5', '1,0.5']) {
      const answer = await postForm('/admin/billing/new', draft(clientId, { 'lines.0.quantity': quantity }), {
        cookie: admin,
        ip: ip(),
      })
      expect(answer.status, quantity).toBe(400)
      expect(await answer.text(), quantity).toContain('not 1,5')
    }
    const saved = await postForm(
      '/admin/billing/new',
      draft(clientId, { 'lines.0.quantity': '1,500', 'lines.0.unitPrice': '0.10' }),
      { cookie: admin, ip: ip() },
    )
    expect(saved.status).toBe(302)
    const editor = await get(saved.headers.get('location') ?? '', admin)
    expect(editor.body).toContain('$150.00')
  })
})

describe('finding 7: feeds', () => {
  it('send a title and an excerpt as the text they are, not markup for the reader', async () => {
    const slug = `probe-feed-${Date.now().toString(36)}`
    const saved = await postForm(
      '/admin/blog/new',
      {
        intent: 'save',
        title: 'Post </title><script>alert(1)</script>',
        slug,
        excerpt: 'A <b>bold</b> <img src=x onerror=alert(2)> claim.',
        body: 'Body',
        authorName: 'Ramapo IT Services',
        status: 'publish',
      },
      { cookie: admin, ip: ip() },
    )
    expect(saved.status).toBe(302)
    for (const feed of ['/blog/atom.xml', '/blog/rss.xml']) {
      const xml = await (await fetch(`${baseURL()}${feed}`)).text()
      expect(xml, feed).toContain(slug)
      expect(xml, feed).not.toMatch(/<script|<b>|<img/)
      expect(xml, feed).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    }
  })
})

describe('finding 8: names that reorder or hide text', () => {
  it('are refused at sign-up, in the intake, in settings, in an invitation and by the blog editor', async () => {
    for (const name of directionNames) {
      const who = uniqueIdentity('probe-3-bidi')
      const signUp = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': who.ip },
        body: JSON.stringify({ name, email: who.email, password: strongPassword, phone: '(845) 555-0123' }),
      })
      expect(signUp.status, `sign-up ${JSON.stringify(name)}`).toBe(400)

      const intake = await fetch(`${baseURL()}/api/process-form`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': who.ip },
        body: JSON.stringify(consultationBody({ email: who.email, firstName: name, name: `${name} Example` })),
      })
      expect(intake.status, `intake ${JSON.stringify(name)}`).toBe(400)

      const settings = await postForm(
        '/account/settings',
        { intent: 'profile', name, companyName: '', phone: '(845) 555-0123' },
        { cookie: client, ip: ip() },
      )
      expect(settings.status, `settings ${JSON.stringify(name)}`).toBe(400)

      const invite = await postForm(
        '/admin',
        { intent: 'invite', name, email: who.email, role: 'client', phone: '' },
        { cookie: admin, ip: ip() },
      )
      expect(invite.status, `invitation ${JSON.stringify(name)}`).toBe(400)
    }
    const company = await postForm(
      '/account/settings',
      { intent: 'profile', name: 'Carla Client', companyName: `Harbor${overrides}latneD`, phone: '(845) 555-0123' },
      { cookie: client, ip: ip() },
    )
    expect(company.status).toBe(400)
  })

  it('are refused from a signer and a countersigner', async () => {
    const { id } = await sentContract()
    const signed = await postForm(
      `/billing/contracts/${id}`,
      { intent: 'sign', consent: 'on', fullName: 'Mal\u202EecnalliM' },
      { cookie: client, ip: ip() },
    )
    expect(signed.status).toBe(400)
    expect(await signed.text()).toContain('change how it reads')
    const countersigned = await postForm(
      `/admin/contracts/${id}`,
      { intent: 'countersign', fullName: 'Ops\u202Erotinom' },
      { cookie: admin, ip: ip() },
    )
    expect(countersigned.status).toBeGreaterThanOrEqual(400)
    expect(countersigned.status).toBeLessThan(500)
  })
})

/** A contract for the test's client, created and sent through the staff pages: its id, number and text hash. */
async function sentContract(): Promise<{ id: string; number: string; textSha256: string }> {
  const templates = await get('/admin/contracts/templates', admin)
  const templateId = new RegExp(`/admin/contracts/templates/(${uuid.source})`).exec(templates.body)?.[1] ?? ''
  const clientId = await clientIdOf('/admin/contracts/new', clientEmail)
  const created = await postForm(
    '/admin/contracts/new',
    {
      templateId,
      organisationId: clientId,
      plan: 'Full Help Desk',
      pricePerUser: '$100.00',
      users: '5',
      startDate: 'June 1, 2027',
      term: '12 months',
      expiresOn: '2099-12-31',
    },
    { cookie: admin, ip: ip() },
  )
  expect(created.status).toBe(302)
  const id = new RegExp(`/admin/contracts/(${uuid.source})`).exec(created.headers.get('location') ?? '')?.[1] ?? ''
  expect((await postForm(`/admin/contracts/${id}`, { intent: 'send' }, { cookie: admin, ip: ip() })).status).toBe(200)
  const page = await get(`/admin/contracts/${id}`, admin)
  const number = /CTR-\d{4}-\d{4,}/.exec(page.body)?.[0] ?? ''
  const textSha256 = /\b[0-9a-f]{64}\b/.exec(page.body)?.[0] ?? ''
  expect(number).not.toBe('')
  expect(textSha256).not.toBe('')
  return { id, number, textSha256 }
}

/** A PDF anyone can write: no file we issued, carrying the identity our PDFs carry in their Keywords. */
function forgedPdf(number: string, textSha256: string): Blob {
  const body = `%PDF-1.4\n1 0 obj\n<< /Keywords (${number} text-sha256:${textSha256}) >>\nendobj\ntrailer\n<< /Info 1 0 R >>\n%%EOF\n`
  return new Blob([body], { type: 'application/pdf' })
}

async function verify(pdf: Blob): Promise<string> {
  const form = new FormData()
  form.set('pdf', pdf, 'contract.pdf')
  form.set('hash', '')
  const answer = await fetch(`${baseURL()}/admin/contracts/verify`, {
    method: 'POST',
    headers: { cookie: admin, origin: baseURL(), 'x-forwarded-for': ip() },
    body: form,
  })
  expect(answer.status).toBe(200)
  return answer.text()
}

describe('finding 9: the verification page', () => {
  it('calls a file with a genuine number and text hash "not a file we issued", and says an unknown number is unknown', async () => {
    const { number, textSha256 } = await sentContract()
    const copied = await verify(forgedPdf(number, textSha256))
    expect(copied).toContain('Not a file we issued')
    expect(copied).not.toMatch(/match our record|Genuine/)
    expect(copied).toContain('compare')
    const unknown = await verify(forgedPdf('CTR-2026-9999', textSha256))
    expect(unknown).toContain('we have no contract with that number')
    expect(unknown).not.toContain('names one of our contracts')
  })
})

describe('also seen', () => {
  it("shows a client the addresses of their own steps only in a contract's trail", async () => {
    const { id } = await sentContract()
    // Staff made and sent it from the test's 10.x addresses; the client opens it from another one.
    const page = await fetch(`${baseURL()}/billing/contracts/${id}`, {
      headers: { cookie: client, 'x-forwarded-for': '198.51.100.9' },
    })
    const body = await page.text()
    expect(page.status).toBe(200)
    expect(body).toContain('IP 198.51.100.9')
    expect(body).not.toMatch(/IP 10\.\d+\.\d+\.\d+/)
  })

  it('answers a POST to a page without an action 405, logged as a warning at most (the suite fails on an error)', async () => {
    for (const path of ['/privacy', '/terms', '/blog', '/portal']) {
      const answer = await postForm(path, { intent: 'probe' }, { ip: ip() })
      expect(answer.status, path).toBe(405)
    }
  })
})
