import { expect } from 'vitest'
import {
  adminCredentials,
  adminSessionCookie,
  enrolledStaffSession,
  invitedAccountOverHttp,
  linkIn,
  postForm,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
  waitForMail,
} from '../../e2e/helpers/accounts'
import { baseURL } from '../../e2e/helpers/browser'

/**
 * The kinds of visitor of the permission matrix (docs/security.md): the five of the security brief
 * (anonymous, unverified, awaiting approval, approved client, admin), the staff role `employee`,
 * which has pages of its own, and the roles of organisations (docs/accounts.md#organisations): the
 * owner, billing person and member of organisation A, and a member of organisation B, whose owner
 * is the approved client.
 */
export const actors = [
  'anonymous',
  'unverified',
  'awaiting approval',
  'approved client',
  'employee',
  'admin',
  'owner of A',
  'billing of A',
  'member of A',
  'member of B',
] as const
export type Actor = (typeof actors)[number]

export type Cast = { cookie: Record<Actor, string>; email: Record<Actor, string | null> }

/**
 * Creates one account of each kind over HTTP and signs each in. An unverified account cannot sign
 * in (Better Auth answers 403 without a cookie), so it visits with whatever cookie it was given:
 * none. `ip` is the address the set-up requests come from. Accounts that do not need each other
 * are made side by side: most of making one is waiting (a sign-up's response floor, its mail).
 */
export async function castOfActors(label: string, ip: string): Promise<Cast> {
  const admin = adminCredentials()
  const adminCookie = await adminSessionCookie(uniqueIdentity(label).ip)
  const signIn = (email: string) => sessionCookie(email, strongPassword, uniqueIdentity(label).ip)
  const unverified = uniqueIdentity(`${label}-unverified`).email
  const awaiting = uniqueIdentity(`${label}-awaiting`).email

  const [
    unverifiedCookie,
    awaitingCookie,
    [approved, approvedCookie],
    [employee, employeeCookie],
    [ownerOfA, ownerOfACookie],
  ] = await Promise.all([
    unverifiedVisitor(label, unverified, ip),
    verifiedAccountOverHttp(awaiting, ip, 'Awaiting Approval').then(() => signIn(awaiting)),
    invitedAccountOverHttp('client', `${label}-approved`, adminCookie, ip).then(
      async (email) => [email, await signIn(email)] as const,
    ),
    // Staff pages need a second factor: the employee enrols first.
    invitedAccountOverHttp('employee', `${label}-employee`, adminCookie, ip).then(
      async (email) => [email, (await enrolledStaffSession(email, uniqueIdentity(label).ip)).cookie] as const,
    ),
    invitedAccountOverHttp('client', `${label}-owner-a`, adminCookie, ip).then(
      async (email) => [email, await signIn(email)] as const,
    ),
  ])
  const colleague = async (ownerCookie: string, name: string, role: 'billing' | 'member') => {
    const email = await colleagueOverHttp(ownerCookie, `${label}-${name}`, role, ip)
    return [email, await signIn(email)] as const
  }
  const [[billingOfA, billingOfACookie], [memberOfA, memberOfACookie], [memberOfB, memberOfBCookie]] =
    await Promise.all([
      colleague(ownerOfACookie, 'billing-a', 'billing'),
      colleague(ownerOfACookie, 'member-a', 'member'),
      colleague(approvedCookie, 'member-b', 'member'),
    ])

  return {
    cookie: {
      anonymous: '',
      unverified: unverifiedCookie,
      'awaiting approval': awaitingCookie,
      'approved client': approvedCookie,
      employee: employeeCookie,
      admin: adminCookie,
      'owner of A': ownerOfACookie,
      'billing of A': billingOfACookie,
      'member of A': memberOfACookie,
      'member of B': memberOfBCookie,
    },
    email: {
      anonymous: null,
      unverified,
      'awaiting approval': awaiting,
      'approved client': approved,
      employee,
      admin: admin.email,
      'owner of A': ownerOfA,
      'billing of A': billingOfA,
      'member of A': memberOfA,
      'member of B': memberOfB,
    },
  }
}

/**
 * Signs up `email` without confirming it and tries to sign in: refused (403) with no cookie, the
 * Cookie header such a visitor has. `ip` is the sign-up's address.
 */
async function unverifiedVisitor(label: string, email: string, ip: string): Promise<string> {
  const signUp = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': ip },
    body: JSON.stringify({ name: 'Una Verified', email, password: strongPassword, phone: '(845) 555-0111' }),
  })
  expect(signUp.status).toBe(200)
  const signIn = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': uniqueIdentity(label).ip },
    body: JSON.stringify({ email, password: strongPassword }),
  })
  expect(signIn.status).toBe(403)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  expect(cookie).toBe('')
  return cookie
}

/**
 * An approved client, owner of an organisation of their own (an invitation makes one), signed in:
 * their Cookie header. For a suite that needs an owner's pages and none of the other visitors.
 */
export async function signedInOwner(label: string, ip: string): Promise<string> {
  const email = await invitedAccountOverHttp('client', label, await adminSessionCookie(ip), ip)
  return sessionCookie(email, strongPassword, uniqueIdentity(label).ip)
}

/**
 * A colleague invited by an owner from their people page, in a role, who set up their account
 * through the invitation's link; returns their e-mail.
 */
export async function colleagueOverHttp(
  ownerCookie: string,
  label: string,
  role: 'owner' | 'billing' | 'member',
  ip: string,
): Promise<string> {
  const email = uniqueIdentity(label).email
  const invite = await postForm(
    '/account/organisation',
    { intent: 'invite', name: `Colleague ${label}`, email, role },
    { cookie: ownerCookie, ip },
  )
  expect(invite.status).toBe(200)
  const link = new URL(linkIn(await waitForMail(email, /account is ready/)), baseURL())
  const setup = await postForm(
    '/setup-account',
    { token: link.searchParams.get('token') ?? '', password: strongPassword },
    { ip: uniqueIdentity(label).ip },
  )
  expect(setup.status).toBe(302)
  return email
}
