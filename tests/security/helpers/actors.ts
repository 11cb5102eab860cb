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
 * none. `ip` is the address the set-up requests come from.
 */
export async function castOfActors(label: string, ip: string): Promise<Cast> {
  const admin = adminCredentials()
  const adminCookie = await adminSessionCookie(uniqueIdentity(label).ip)

  const unverified = uniqueIdentity(`${label}-unverified`).email
  const signUp = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': ip },
    body: JSON.stringify({
      name: 'Una Verified',
      email: unverified,
      password: strongPassword,
      phone: '(845) 555-0111',
    }),
  })
  expect(signUp.status).toBe(200)
  const unverifiedSignIn = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': uniqueIdentity(label).ip },
    body: JSON.stringify({ email: unverified, password: strongPassword }),
  })
  expect(unverifiedSignIn.status).toBe(403)
  const unverifiedCookie = unverifiedSignIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  expect(unverifiedCookie).toBe('')

  const awaiting = uniqueIdentity(`${label}-awaiting`).email
  await verifiedAccountOverHttp(awaiting, ip, 'Awaiting Approval')
  const approved = await invitedAccountOverHttp('client', `${label}-approved`, adminCookie, ip)
  const employee = await invitedAccountOverHttp('employee', `${label}-employee`, adminCookie, ip)
  const signIn = (email: string) => sessionCookie(email, strongPassword, uniqueIdentity(label).ip)
  const ownerOfA = await invitedAccountOverHttp('client', `${label}-owner-a`, adminCookie, ip)
  const ownerOfACookie = await signIn(ownerOfA)
  const approvedCookie = await signIn(approved)
  const billingOfA = await colleagueOverHttp(ownerOfACookie, `${label}-billing-a`, 'billing', ip)
  const memberOfA = await colleagueOverHttp(ownerOfACookie, `${label}-member-a`, 'member', ip)
  const memberOfB = await colleagueOverHttp(approvedCookie, `${label}-member-b`, 'member', ip)

  return {
    cookie: {
      anonymous: '',
      unverified: unverifiedCookie,
      'awaiting approval': await signIn(awaiting),
      'approved client': approvedCookie,
      // Staff pages need a second factor: the employee enrols first.
      employee: (await enrolledStaffSession(employee, uniqueIdentity(label).ip)).cookie,
      admin: adminCookie,
      'owner of A': ownerOfACookie,
      'billing of A': await signIn(billingOfA),
      'member of A': await signIn(memberOfA),
      'member of B': await signIn(memberOfB),
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
