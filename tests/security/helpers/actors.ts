import { expect } from 'vitest'
import {
  adminCredentials,
  adminSessionCookie,
  enrolledStaffSession,
  invitedAccountOverHttp,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
} from '../../e2e/helpers/accounts'
import { baseURL } from '../../e2e/helpers/browser'

/**
 * The six kinds of visitor of the permission matrix (docs/security.md): the five of the security
 * brief (anonymous, unverified, awaiting approval, approved client, admin) plus the staff role
 * `employee`, which has pages of its own.
 */
export const actors = ['anonymous', 'unverified', 'awaiting approval', 'approved client', 'employee', 'admin'] as const
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

  return {
    cookie: {
      anonymous: '',
      unverified: unverifiedCookie,
      'awaiting approval': await signIn(awaiting),
      'approved client': await signIn(approved),
      // Staff pages need a second factor: the employee enrols first.
      employee: (await enrolledStaffSession(employee, uniqueIdentity(label).ip)).cookie,
      admin: adminCookie,
    },
    email: {
      anonymous: null,
      unverified,
      'awaiting approval': awaiting,
      'approved client': approved,
      employee,
      admin: admin.email,
    },
  }
}
