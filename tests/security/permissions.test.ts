import { beforeAll, describe, expect, it } from 'vitest'
import { requirementOf } from '../../app/features/accounts/access'
import { uniqueIdentity } from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { type Actor, actors, type Cast, castOfActors } from './helpers/actors'
import { inPool } from './helpers/pool'
import { pages } from './helpers/route-table'

/** A status, or `→ <Location>` for a redirect. */
type Outcome = number | `→ ${string}`
type Row = Record<Actor, Outcome>
type Request = { method: 'GET' | 'POST'; path: string; form?: Record<string, string>; json?: unknown }

const toAuth = (path: string): Outcome => `→ /auth?redirectTo=${encodeURIComponent(path)}`

/** The four people of organisations A and B, answered alike. */
const organisationPeople = (answer: Outcome) => ({
  'owner of A': answer,
  'billing of A': answer,
  'member of A': answer,
  'member of B': answer,
})

/** Signed-in pages every account may open; the signed-out (and the unverified, who has no session) go to sign-in. */
const signedIn = (path: string): Row => ({
  anonymous: toAuth(path),
  unverified: toAuth(path),
  'awaiting approval': 200,
  'approved client': 200,
  employee: 200,
  admin: 200,
  ...organisationPeople(200),
})
/**
 * The billing area (requirement `billing`, its contracts pages `contracts`): an approved owner or
 * billing person of an organisation, and staff; a member is refused in their role's words.
 */
const billingPage = (path: string, answer: Outcome = 200): Row => ({
  anonymous: toAuth(path),
  unverified: toAuth(path),
  'awaiting approval': `→ /dashboard?needsApproval=${encodeURIComponent(path)}`,
  'approved client': answer,
  employee: answer,
  admin: answer,
  'owner of A': answer,
  'billing of A': answer,
  'member of A': 403,
  'member of B': 403,
})
/** An owner's people page (requirement `people`): the owners of A and B (the approved client). */
const ownersOnly = (path: string, answer: Outcome = 200): Row => ({
  anonymous: toAuth(path),
  unverified: toAuth(path),
  'awaiting approval': `→ /dashboard?needsApproval=${encodeURIComponent(path)}`,
  'approved client': answer,
  employee: 403,
  admin: 403,
  ...organisationPeople(403),
  'owner of A': answer,
})
const staffOnly = (path: string): Row => ({
  anonymous: toAuth(path),
  unverified: toAuth(path),
  'awaiting approval': 403,
  'approved client': 403,
  employee: 200,
  admin: 200,
  ...organisationPeople(403),
})
const adminOnly = (path: string, adminAnswer: Outcome = 200): Row => ({
  anonymous: toAuth(path),
  unverified: toAuth(path),
  'awaiting approval': 403,
  'approved client': 403,
  employee: 403,
  admin: adminAnswer,
  ...organisationPeople(403),
})
const api = (signedOut: number, signedInAnswer: number, staff = signedInAnswer, admin = staff): Row => ({
  anonymous: signedOut,
  unverified: signedOut,
  'awaiting approval': signedInAnswer,
  'approved client': signedInAnswer,
  employee: staff,
  admin,
  ...organisationPeople(signedInAnswer),
})
/** A signed-in page's form: every signed-in account gets `answer`. */
const signedInForm = (path: string, answer: Outcome): Row => ({
  ...signedIn(path),
  'awaiting approval': answer,
  'approved client': answer,
  employee: answer,
  admin: answer,
  ...organisationPeople(answer),
})

/**
 * Support tickets (requirement `support`): every approved person of an organisation and staff; a
 * client waiting for approval goes to the dashboard. `staff` is what employees and admins get.
 */
const supportPage = (path: string, answer: Outcome = 200, staff: Outcome = answer): Row => ({
  anonymous: toAuth(path),
  unverified: toAuth(path),
  'awaiting approval': `→ /dashboard?needsApproval=${encodeURIComponent(path)}`,
  'approved client': answer,
  employee: staff,
  admin: staff,
  ...organisationPeople(answer),
})

/** A well-formed id no blog post (and no billing document) has. */
const noSuchPost = '00000000-0000-4000-8000-000000000000'

/**
 * THE PERMISSION MATRIX: every protected page, page action and API, for each kind of visitor.
 * Keep it in step with docs/security.md (and docs/accounts.md, which states the same rules).
 */
const matrix: ReadonlyArray<{ request: Request; expected: Row }> = [
  // Pages (GET)
  { request: { method: 'GET', path: '/dashboard' }, expected: signedIn('/dashboard') },
  // A confirmation link that matches no request of the visitor's: the page says so, nothing is claimed.
  { request: { method: 'GET', path: '/dashboard/claim' }, expected: signedIn('/dashboard/claim') },
  { request: { method: 'GET', path: '/account/settings' }, expected: signedIn('/account/settings') },
  { request: { method: 'GET', path: '/account/confirm-email' }, expected: signedIn('/account/confirm-email') },
  { request: { method: 'GET', path: '/account/two-factor' }, expected: signedIn('/account/two-factor') },
  ...['/billing', '/billing/estimates', '/billing/invoices', '/billing/receipts', '/billing/contracts'].map((path) => ({
    request: { method: 'GET', path } as Request,
    expected: billingPage(path),
  })),
  // An owner's people page, and a form it does not have: nothing is changed.
  { request: { method: 'GET', path: '/account/organisation' }, expected: ownersOnly('/account/organisation') },
  {
    request: { method: 'POST', path: '/account/organisation', form: { intent: 'no-such-intent' } },
    expected: ownersOnly('/account/organisation', 400),
  },
  // A document that is not the visitor's (here: none at all): the same 404 as for another client's,
  // after the area's guard; page, PDF and the estimate's Accept.
  ...['estimates', 'invoices', 'receipts'].flatMap((section) =>
    [`/billing/${section}/${noSuchPost}`, `/billing/${section}/${noSuchPost}/pdf`].map((path) => ({
      request: { method: 'GET', path } as Request,
      expected: billingPage(path, 404),
    })),
  ),
  {
    request: { method: 'POST', path: `/billing/estimates/${noSuchPost}`, form: { intent: 'accept' } },
    expected: billingPage(`/billing/estimates/${noSuchPost}`, 404),
  },
  // A contract that is not the visitor's (here: none at all): the same 404, page, PDF and Sign.
  ...[`/billing/contracts/${noSuchPost}`, `/billing/contracts/${noSuchPost}/pdf`].map((path) => ({
    request: { method: 'GET', path } as Request,
    expected: billingPage(path, 404),
  })),
  {
    request: {
      method: 'POST',
      path: `/billing/contracts/${noSuchPost}`,
      form: { intent: 'sign', consent: 'on', fullName: 'Probe', textSha256: '0'.repeat(64) },
    },
    // Signing is an owner's: the billing person is refused before any contract is looked up.
    expected: { ...billingPage(`/billing/contracts/${noSuchPost}`, 404), 'billing of A': 403 },
  },
  // Online payments (the server runs with the Stripe stand-in's keys): an owner or billing person's
  // Pay page and autopay page; staff have no invoices of their own (404); a member is refused (403).
  {
    request: { method: 'GET', path: '/billing/autopay' },
    expected: { ...billingPage('/billing/autopay'), employee: 404, admin: 404 },
  },
  // Autopay cannot be turned on without a saved method: refused, nothing changed.
  {
    request: { method: 'POST', path: '/billing/autopay', form: { intent: 'autopay', enabled: 'on' } },
    expected: { ...billingPage('/billing/autopay', 409), employee: 404, admin: 404 },
  },
  ...[`/billing/invoices/${noSuchPost}/pay`].map((path) => ({
    request: { method: 'GET', path } as Request,
    expected: billingPage(path, 404),
  })),
  {
    request: { method: 'POST', path: `/billing/invoices/${noSuchPost}/pay`, form: { intent: 'pay', amount: '10' } },
    expected: billingPage(`/billing/invoices/${noSuchPost}/pay`, 404),
  },
  // An address the billing area does not have: the area's "Page not found", after the same guard.
  {
    request: { method: 'GET', path: '/billing/no-such-section' },
    expected: billingPage('/billing/no-such-section', 404),
  },
  // Support tickets, the client's side: the list and the new ticket's form for everyone of an
  // organisation (staff see the clients' pages, and open no ticket from them); a ticket or file that
  // is not the visitor's (here: none at all) is the same 404; staff are sent to the back office's page.
  { request: { method: 'GET', path: '/support' }, expected: supportPage('/support') },
  { request: { method: 'GET', path: '/support/new' }, expected: supportPage('/support/new') },
  {
    request: { method: 'POST', path: '/support/new', form: { intent: 'open', subject: '', body: '' } },
    expected: supportPage('/support/new', 400),
  },
  {
    request: { method: 'GET', path: `/support/${noSuchPost}` },
    expected: supportPage(`/support/${noSuchPost}`, 404, `→ /employee/tickets/${noSuchPost}`),
  },
  {
    request: { method: 'GET', path: `/support/${noSuchPost}/files/${noSuchPost}` },
    expected: supportPage(`/support/${noSuchPost}/files/${noSuchPost}`, 404),
  },
  {
    request: { method: 'POST', path: `/support/${noSuchPost}`, form: { intent: 'reply', body: 'Probe' } },
    expected: supportPage(`/support/${noSuchPost}`, 404),
  },
  { request: { method: 'GET', path: '/employee' }, expected: staffOnly('/employee') },
  // The support queue, a ticket and its files, a note on a ticket that does not exist.
  { request: { method: 'GET', path: '/employee/tickets' }, expected: staffOnly('/employee/tickets') },
  // The queue's organisation filter asks for its choices when opened.
  {
    request: { method: 'GET', path: '/employee/tickets/organisations' },
    expected: staffOnly('/employee/tickets/organisations'),
  },
  ...[`/employee/tickets/${noSuchPost}`, `/employee/tickets/${noSuchPost}/files/${noSuchPost}`].map((path) => ({
    request: { method: 'GET', path } as Request,
    expected: { ...staffOnly(path), employee: 404, admin: 404 } as Row,
  })),
  {
    request: {
      method: 'POST',
      path: `/employee/tickets/${noSuchPost}`,
      form: { intent: 'reply', body: 'Probe', visibility: 'internal' },
    },
    expected: { ...staffOnly(`/employee/tickets/${noSuchPost}`), employee: 404, admin: 404 },
  },
  // Staff open a ticket for an organisation's person: the form (an organisation that does not exist
  // is the form again, with a notice); an empty ticket is refused by field.
  ...['/employee/tickets/new', `/employee/tickets/new?organisation=${noSuchPost}`].map((path) => ({
    request: { method: 'GET', path } as Request,
    expected: staffOnly(path),
  })),
  {
    request: {
      method: 'POST',
      path: '/employee/tickets/new',
      form: { intent: 'open', organisationId: noSuchPost, requesterUserId: noSuchPost, subject: '', body: '' },
    },
    expected: { ...staffOnly('/employee/tickets/new'), employee: 400, admin: 400 },
  },
  // The staff workspace: requests, clients and billing (read only) for employees and admins.
  ...['/employee/requests', '/employee/requests/export.csv', '/employee/clients', '/employee/billing'].map((path) => ({
    request: { method: 'GET', path } as Request,
    expected: staffOnly(path),
  })),
  // A billing document that does not exist (a draft answers the same): staff get the 404, page and PDF.
  ...[
    `/employee/requests/${noSuchPost}`,
    `/employee/clients/${noSuchPost}`,
    `/employee/billing/${noSuchPost}`,
    `/employee/billing/${noSuchPost}/pdf`,
  ].map((path) => ({
    request: { method: 'GET', path } as Request,
    expected: { ...staffOnly(path), employee: 404, admin: 404 } as Row,
  })),
  // A note on a request that does not exist: staff get the 404.
  {
    request: { method: 'POST', path: `/employee/requests/${noSuchPost}`, form: { intent: 'note', body: 'Probe' } },
    expected: { ...staffOnly(`/employee/requests/${noSuchPost}`), employee: 404, admin: 404 },
  },
  // Admins create organisations from the client list; an employee is refused, an empty name is a 400.
  {
    request: { method: 'POST', path: '/employee/clients', form: { intent: 'create', name: '', kind: 'business' } },
    expected: { ...staffOnly('/employee/clients'), employee: 403, admin: 400 },
  },
  // An organisation's people are changed by admins only; here, one that does not exist.
  {
    request: {
      method: 'POST',
      path: `/employee/clients/${noSuchPost}`,
      form: { intent: 'remove', personId: noSuchPost },
    },
    expected: { ...staffOnly(`/employee/clients/${noSuchPost}`), employee: 403, admin: 404 },
  },
  // The employees' billing document is read only: a POST is refused.
  {
    request: { method: 'POST', path: `/employee/billing/${noSuchPost}`, form: { intent: 'void', reason: 'Probe' } },
    expected: { ...staffOnly(`/employee/billing/${noSuchPost}`), employee: 405, admin: 405 },
  },
  // Incoming support e-mail waiting for triage: staff only, never a client; a message that is not
  // waiting (here: none at all) is the page's 404.
  { request: { method: 'GET', path: '/employee/tickets/triage' }, expected: staffOnly('/employee/tickets/triage') },
  {
    request: {
      method: 'POST',
      path: '/employee/tickets/triage',
      form: { intent: 'discard', messageId: noSuchPost },
    },
    expected: { ...staffOnly('/employee/tickets/triage'), employee: 404, admin: 404 },
  },
  // Account administration and the audit log: admins only.
  { request: { method: 'GET', path: '/admin/accounts' }, expected: adminOnly('/admin/accounts') },
  {
    request: { method: 'GET', path: `/admin/accounts/${noSuchPost}` },
    expected: adminOnly(`/admin/accounts/${noSuchPost}`, 404),
  },
  {
    request: { method: 'POST', path: `/admin/accounts/${noSuchPost}`, form: { intent: 'end-sessions' } },
    expected: adminOnly(`/admin/accounts/${noSuchPost}`, 409),
  },
  { request: { method: 'GET', path: '/admin/audit' }, expected: adminOnly('/admin/audit') },
  { request: { method: 'GET', path: '/admin' }, expected: adminOnly('/admin') },
  { request: { method: 'GET', path: '/admin/blog' }, expected: adminOnly('/admin/blog') },
  { request: { method: 'GET', path: '/admin/blog/new' }, expected: adminOnly('/admin/blog/new') },
  { request: { method: 'GET', path: '/admin/two-factor' }, expected: adminOnly('/admin/two-factor') },
  { request: { method: 'GET', path: '/admin/sync-status' }, expected: adminOnly('/admin/sync-status') },
  { request: { method: 'GET', path: '/admin/billing' }, expected: adminOnly('/admin/billing') },
  // Subscriptions (admins): the list and its form, one subscription and its changes.
  { request: { method: 'GET', path: '/admin/subscriptions' }, expected: adminOnly('/admin/subscriptions') },
  {
    request: { method: 'GET', path: `/admin/subscriptions/${noSuchPost}` },
    expected: adminOnly(`/admin/subscriptions/${noSuchPost}`, 404),
  },
  {
    request: { method: 'POST', path: '/admin/subscriptions', form: { intent: 'create', plan: 'basic' } },
    expected: adminOnly('/admin/subscriptions', 400),
  },
  {
    request: { method: 'POST', path: `/admin/subscriptions/${noSuchPost}`, form: { intent: 'pause', version: '1' } },
    expected: adminOnly(`/admin/subscriptions/${noSuchPost}`, 404),
  },
  { request: { method: 'GET', path: '/admin/billing/new' }, expected: adminOnly('/admin/billing/new') },
  { request: { method: 'GET', path: '/admin/payments' }, expected: adminOnly('/admin/payments') },
  {
    request: { method: 'GET', path: `/admin/payments/invoices/${noSuchPost}` },
    expected: adminOnly(`/admin/payments/invoices/${noSuchPost}`, 404),
  },
  {
    request: {
      method: 'POST',
      path: `/admin/payments/invoices/${noSuchPost}`,
      form: { intent: 'refund', paymentId: noSuchPost, amount: '1' },
    },
    expected: adminOnly(`/admin/payments/invoices/${noSuchPost}`, 404),
  },
  {
    request: { method: 'GET', path: `/admin/billing/${noSuchPost}` },
    expected: adminOnly(`/admin/billing/${noSuchPost}`, 404),
  },
  {
    request: { method: 'GET', path: `/admin/billing/${noSuchPost}/pdf` },
    expected: adminOnly(`/admin/billing/${noSuchPost}/pdf`, 404),
  },
  // The accountant's CSV without its dates: the admin is asked for them.
  {
    request: { method: 'GET', path: '/admin/billing/export.csv' },
    expected: adminOnly('/admin/billing/export.csv', 400),
  },
  {
    request: { method: 'GET', path: '/admin/billing/export.csv?from=2026-01-01&to=2026-01-31' },
    expected: adminOnly('/admin/billing/export.csv?from=2026-01-01&to=2026-01-31'),
  },
  // The PDF preview takes the editor's form by POST only.
  { request: { method: 'GET', path: '/admin/billing/preview' }, expected: adminOnly('/admin/billing/preview', 405) },
  ...[
    '/admin/contracts',
    '/admin/contracts/new',
    '/admin/contracts/verify',
    '/admin/contracts/templates',
    '/admin/contracts/templates/new',
  ].map((path) => ({ request: { method: 'GET', path } as Request, expected: adminOnly(path) })),
  ...[
    `/admin/contracts/${noSuchPost}`,
    `/admin/contracts/${noSuchPost}/pdf`,
    `/admin/contracts/templates/${noSuchPost}`,
  ].map((path) => ({ request: { method: 'GET', path } as Request, expected: adminOnly(path, 404) })),
  // An unknown post: the admin gets the 404 page, everyone else the same refusal as for a real one.
  {
    request: { method: 'GET', path: `/admin/blog/${noSuchPost}` },
    expected: adminOnly(`/admin/blog/${noSuchPost}`, 404),
  },
  // Town pages and redirects (admins): list, editor, preview, import (page, its stream, the sample).
  ...[
    '/admin/locations',
    '/admin/locations?q=nyack&published=yes',
    '/admin/locations/new',
    '/admin/locations/import',
    '/admin/locations/sample.csv',
    '/admin/redirects',
  ].map((path) => ({ request: { method: 'GET', path } as Request, expected: adminOnly(path) })),
  {
    request: { method: 'GET', path: `/admin/locations/${noSuchPost}` },
    expected: adminOnly(`/admin/locations/${noSuchPost}`, 404),
  },
  {
    request: { method: 'GET', path: `/admin/locations/${noSuchPost}/preview` },
    expected: adminOnly(`/admin/locations/${noSuchPost}/preview`, 404),
  },
  // The import's stream takes the page's form by POST only.
  {
    request: { method: 'GET', path: '/admin/locations/import/run' },
    expected: adminOnly('/admin/locations/import/run', 405),
  },
  {
    request: { method: 'GET', path: '/portal' },
    expected: {
      anonymous: '→ /auth',
      unverified: '→ /auth',
      'awaiting approval': '→ /dashboard',
      'approved client': '→ /dashboard',
      employee: '→ /employee',
      admin: '→ /admin',
      ...organisationPeople('→ /dashboard'),
    },
  },
  // Page actions (form POSTs with our Origin)
  {
    request: { method: 'POST', path: '/admin', form: { intent: 'invite', name: 'Probe', email: 'not-an-email' } },
    expected: adminOnly('/admin', 400),
  },
  // An empty post: the admin's answer is the form's 400, so the matrix writes nothing.
  {
    request: { method: 'POST', path: '/admin/blog/new', form: { intent: 'save', title: '' } },
    expected: adminOnly('/admin/blog/new', 400),
  },
  {
    request: { method: 'POST', path: `/admin/blog/${noSuchPost}`, form: { intent: 'delete' } },
    expected: adminOnly(`/admin/blog/${noSuchPost}`, 404),
  },
  // An empty draft, a send of a document that does not exist, a preview of nothing: nothing is written.
  {
    request: { method: 'POST', path: '/admin/billing/new', form: { intent: 'save', kind: 'invoice' } },
    expected: adminOnly('/admin/billing/new', 400),
  },
  {
    request: { method: 'POST', path: `/admin/billing/${noSuchPost}`, form: { intent: 'send' } },
    expected: adminOnly(`/admin/billing/${noSuchPost}`, 404),
  },
  {
    request: { method: 'POST', path: '/admin/billing/preview', form: { kind: 'invoice' } },
    expected: adminOnly('/admin/billing/preview', 400),
  },
  // Retrying an e-mail that does not exist: nothing to retry, the admin's answer is a 409.
  {
    request: { method: 'POST', path: '/admin/sync-status', form: { intent: 'retry', id: noSuchPost } },
    expected: adminOnly('/admin/sync-status', 409),
  },
  // An empty new contract, template or verification, a send of a contract that does not exist: nothing is written.
  {
    request: { method: 'POST', path: '/admin/contracts/new', form: { plan: '' } },
    expected: adminOnly('/admin/contracts/new', 400),
  },
  {
    request: { method: 'POST', path: '/admin/contracts/templates/new', form: { title: '' } },
    expected: adminOnly('/admin/contracts/templates/new', 400),
  },
  {
    request: { method: 'POST', path: '/admin/contracts/verify', form: { hash: '' } },
    expected: adminOnly('/admin/contracts/verify', 400),
  },
  {
    request: { method: 'POST', path: `/admin/contracts/${noSuchPost}`, form: { intent: 'send' } },
    expected: adminOnly(`/admin/contracts/${noSuchPost}`, 404),
  },
  // Town pages: an empty page, a delete and a publish of one that does not exist, an import
  // without a file, a redirect that does not exist: nothing is written.
  {
    request: { method: 'POST', path: '/admin/locations/new', form: { intent: 'save', town: '' } },
    expected: adminOnly('/admin/locations/new', 400),
  },
  {
    request: { method: 'POST', path: `/admin/locations/${noSuchPost}`, form: { intent: 'delete' } },
    expected: adminOnly(`/admin/locations/${noSuchPost}`, 404),
  },
  {
    request: { method: 'POST', path: '/admin/locations', form: { intent: 'publish', id: noSuchPost } },
    expected: adminOnly('/admin/locations', 404),
  },
  {
    request: { method: 'POST', path: '/admin/locations/import', form: { mode: 'apply' } },
    expected: adminOnly('/admin/locations/import', 400),
  },
  {
    request: { method: 'POST', path: '/admin/locations/import/run', form: { mode: 'check' } },
    expected: adminOnly('/admin/locations/import/run', 400),
  },
  {
    request: { method: 'POST', path: '/admin/redirects', form: { intent: 'remove', id: noSuchPost } },
    expected: adminOnly('/admin/redirects', 404),
  },
  // Resetting the second factor of an account that does not exist: the admin's answer is a 409.
  {
    request: { method: 'POST', path: '/admin/two-factor', form: { intent: 'reset', userId: noSuchPost } },
    expected: adminOnly('/admin/two-factor', 409),
  },
  {
    request: { method: 'POST', path: '/account/two-factor', form: { intent: 'no-such-intent' } },
    expected: signedInForm('/account/two-factor', 400),
  },
  {
    request: { method: 'POST', path: '/account/settings', form: { intent: 'no-such-intent' } },
    expected: signedInForm('/account/settings', 400),
  },
  {
    request: { method: 'POST', path: '/account/confirm-email', form: { token: '', email: '' } },
    expected: signedInForm('/account/confirm-email', 400),
  },
  // APIs
  { request: { method: 'GET', path: '/api/account/profile' }, expected: api(401, 200) },
  { request: { method: 'GET', path: '/api/realtime' }, expected: api(401, 200) },
  // A ticket's live stream: the support requirement, then the ticket must be the visitor's (none here).
  {
    request: { method: 'GET', path: `/api/support/tickets/${noSuchPost}/live` },
    expected: { ...api(401, 404), 'awaiting approval': 403 },
  },
  { request: { method: 'GET', path: '/api/admin/consent-log.csv' }, expected: api(401, 403, 403, 200) },
  { request: { method: 'GET', path: '/api/health' }, expected: api(401, 403, 403, 200) },
  // Stripe's webhooks: public, but only a body signed with the endpoint's secret is taken.
  {
    request: {
      method: 'POST',
      path: '/api/payments/stripe/webhook',
      json: { id: 'evt_forged', type: 'payment_intent.succeeded' },
    },
    expected: api(400, 400),
  },
  { request: { method: 'GET', path: '/api/auth/list-sessions' }, expected: api(401, 200) },
  {
    request: {
      method: 'POST',
      path: '/api/auth/change-password',
      json: { currentPassword: 'not-the-password-1', newPassword: 'another-long-passphrase-9' },
    },
    expected: api(401, 400),
  },
  // Turning on two-factor sign-in asks for the password (a wrong one: 400); staff have it on already.
  {
    request: { method: 'POST', path: '/api/auth/two-factor/enable', json: { password: 'not-the-password-1' } },
    expected: api(401, 400),
  },
]

let cast: Cast
const setupIp = uniqueIdentity('perm').ip

beforeAll(async () => {
  cast = await castOfActors('perm', setupIp)
})

async function send(request: Request, who: Actor): Promise<Response> {
  const headers: Record<string, string> = {
    // A fresh address per request: the matrix never meets a rate limit.
    'x-forwarded-for': uniqueIdentity('perm').ip,
    ...(cast.cookie[who] ? { cookie: cast.cookie[who] } : {}),
  }
  let body: BodyInit | undefined
  if (request.method === 'POST') {
    headers.origin = baseURL()
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(request.json)
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(request.form ?? {})
    }
  }
  return fetch(`${baseURL()}${request.path}`, { method: request.method, headers, body, redirect: 'manual' })
}

function outcomeOf(response: Response): Outcome {
  const location = response.headers.get('location')
  return response.status >= 300 && response.status < 400 && location ? `→ ${location}` : response.status
}

describe('the permission matrix', () => {
  it('answers every protected page, action and API as the table says, for each kind of visitor', async () => {
    const seen: Record<string, Partial<Row>> = {}
    const wanted: Record<string, Row> = {}
    const leaks: string[] = []
    for (const { request, expected } of matrix) {
      const key = `${request.method} ${request.path}`
      seen[key] = {}
      wanted[key] = expected
    }
    // Every cell is a request of its own (nothing in the table writes), a few under way at once.
    await inPool(
      matrix.flatMap(({ request }) =>
        actors.map((who) => async () => {
          const key = `${request.method} ${request.path}`
          const response = await send(request, who)
          ;(seen[key] as Partial<Row>)[who] = outcomeOf(response)
          // The stream never ends by itself: the status and the first event are enough.
          const body = request.path === '/api/realtime' ? '' : await response.text()
          if (request.path === '/api/realtime') await response.body?.cancel()
          // The admin's list of accounts awaiting approval reaches no one else.
          const awaiting = cast.email['awaiting approval'] ?? ''
          // (Employees read the client list, where every client is, by design.)
          const staffClientList = who === 'employee' && request.path.startsWith('/employee/clients')
          if (who !== 'admin' && who !== 'awaiting approval' && !staffClientList && body.includes(awaiting))
            leaks.push(`${who} ${key}`)
        }),
      ),
    )
    // One comparison of the whole table, so a failure shows every cell that differs.
    expect(seen).toEqual(wanted)
    expect(leaks).toEqual([])
  }, 120_000)

  it('has a row for every page of every protected area in the route table', () => {
    const covered = (pattern: string) => {
      const shape = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`)
      return matrix.some(({ request }) => request.method === 'GET' && shape.test(request.path))
    }
    const protectedPages = pages.filter((page) => requirementOf(page.path))
    expect(protectedPages.length).toBeGreaterThan(5)
    expect(protectedPages.filter((page) => !covered(page.path)).map((page) => page.path)).toEqual([])
  })

  it('marks every answer for a signed-in visitor private and never stored, page or data', async () => {
    const signedInActors = actors.filter((who) => cast.cookie[who])
    const paths = [
      ...matrix.filter(({ request }) => request.method === 'GET' && !request.path.startsWith('/api/realtime')),
    ].map(({ request }) => request.path)
    const answers = await inPool(
      signedInActors.flatMap((who) =>
        [...paths, '/', '/services/managed-it', '/dashboard.data', '/billing/invoices.data'].map((path) => async () => {
          const response = await send({ method: 'GET', path }, who)
          await response.body?.cancel()
          const cacheControl = response.headers.get('cache-control') ?? ''
          const kept = !/private/.test(cacheControl) || !/no-store/.test(cacheControl)
          return kept ? `${who} ${path}: ${cacheControl}` : ''
        }),
      ),
    )
    expect(answers.filter(Boolean)).toEqual([])
    // A visitor who is not signed in gets the public page, which a cache may keep.
    const anonymous = await send({ method: 'GET', path: '/services/managed-it' }, 'anonymous')
    await anonymous.body?.cancel()
    expect(anonymous.headers.get('cache-control') ?? '').not.toMatch(/private/)
  }, 120_000)

  it('refuses the data requests behind client-side navigation to the same visitors as the pages', async () => {
    for (const who of actors) {
      const response = await send({ method: 'GET', path: '/admin.data' }, who)
      const body = await response.text()
      if (who === 'admin') {
        expect(response.status).toBe(200)
        expect(body).toContain(cast.email['awaiting approval'])
      } else {
        expect(response.status, `${who} /admin.data`).not.toBe(200)
        // Everyone's page data carries their own account; no one else's.
        if (who !== 'awaiting approval') expect(body).not.toContain(cast.email['awaiting approval'])
      }
    }
  })

  it('refuses page actions and account APIs that come from another site or name no origin', async () => {
    const forms: Array<{ path: string; form: Record<string, string> }> = [
      { path: '/admin', form: { intent: 'invite', name: 'Sneaky', email: 'sneaky@example.com', role: 'employee' } },
      { path: '/account/settings', form: { intent: 'profile', name: 'Changed', phone: '(845) 555-0100' } },
      {
        path: '/admin/blog/new',
        form: {
          intent: 'save',
          title: 'Sneaky',
          slug: 'sneaky',
          excerpt: 'x',
          body: 'y',
          authorName: 'z',
          status: 'publish',
        },
      },
    ]
    for (const { path, form } of forms) {
      for (const origin of ['https://evil.example', null]) {
        const response = await fetch(`${baseURL()}${path}`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'x-forwarded-for': uniqueIdentity('perm').ip,
            cookie: cast.cookie.admin,
            'content-type': 'application/x-www-form-urlencoded',
            ...(origin ? { origin } : {}),
          },
          body: new URLSearchParams(form),
        })
        // React Router refuses a foreign Origin first (400); our guard refuses a missing one (403).
        expect(response.status, `${path} from ${origin ?? 'no origin'}`).toBe(origin ? 400 : 403)
      }
    }
    const foreignSignOut = await fetch(`${baseURL()}/api/auth/revoke-sessions`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': uniqueIdentity('perm').ip,
        cookie: cast.cookie['approved client'],
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
      body: '{}',
    })
    expect(foreignSignOut.status).toBe(403)
    // Nothing changed: the sessions still work, no one was invited and no post was written.
    expect((await send({ method: 'GET', path: '/api/account/profile' }, 'approved client')).status).toBe(200)
    const profile = (await (await send({ method: 'GET', path: '/api/account/profile' }, 'admin')).json()) as {
      name: string
    }
    expect(profile.name).not.toBe('Changed')
    const sneaky = await fetch(`${baseURL()}/blog/sneaky`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': uniqueIdentity('perm').ip },
    })
    expect(sneaky.headers.get('location')).toBe('/404')
  })
})
