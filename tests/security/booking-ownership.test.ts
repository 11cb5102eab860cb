import { beforeAll, describe, expect, it } from 'vitest'
import {
  sessionCookie,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
  waitForMail,
} from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'

/**
 * Finding 9: a consultation request reaches a client's dashboard only when the client sent it
 * signed in, or opened the link in its confirmation e-mail signed in to the account with the
 * address it was sent with. An address typed into the booking form proves nothing.
 */

const fromNewAddress = (headers: Record<string, string> = {}) => ({
  'x-forwarded-for': uniqueIdentity('ownership').ip,
  ...headers,
})

/** A consultation request with this e-mail address; its id is what the dashboard's list carries. */
async function book(email: string, company: string, cookie?: string) {
  const response = await fetch(`${baseURL()}/api/process-form`, {
    method: 'POST',
    headers: fromNewAddress({
      origin: baseURL(),
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    }),
    body: JSON.stringify({
      formType: 'consultation',
      firstName: 'Owen',
      lastName: 'Ownership',
      email,
      phone: '(845) 555-0142',
      company,
      services: ['Managed IT Services'],
      message: `Request of ${company}`,
    }),
  })
  expect(response.status).toBe(200)
  const body = (await response.json()) as { data: { booking: { id: string; reference: string } } }
  return body.data.booking
}

/** The dashboard's data as its client-side navigation reads it (the same loader as the page). */
async function dashboard(cookie: string): Promise<string> {
  const response = await fetch(`${baseURL()}/dashboard.data`, { headers: fromNewAddress({ cookie }) })
  expect(response.status).toBe(200)
  return response.text()
}

/** The path of the claim link in the confirmation of the request with this reference. */
async function claimLink(email: string, reference: string): Promise<string> {
  const confirmation = await waitForMail(email, /Your free consultation request/)
  expect(confirmation.text).toContain(`Reference: ${reference}`)
  const match = confirmation.text.match(/https?:\/\/\S+(\/dashboard\/claim\?token=[A-Za-z0-9_-]+)/)
  expect(match?.[1]).toBeDefined()
  return match?.[1] ?? ''
}

describe('whose dashboard a consultation request reaches', () => {
  const owner = uniqueIdentity('request-owner')
  const other = uniqueIdentity('request-other')
  let ownerCookie: string
  let otherCookie: string

  beforeAll(async () => {
    await verifiedAccountOverHttp(owner.email, owner.ip, 'Olga Owner')
    await verifiedAccountOverHttp(other.email, other.ip, 'Otto Other')
    ownerCookie = await sessionCookie(owner.email, strongPassword, owner.ip)
    otherCookie = await sessionCookie(other.email, strongPassword, other.ip)
  })

  it('keeps an anonymous booking made with a client’s address off that dashboard until the client opens its link', async () => {
    const { id, reference } = await book(owner.email, `Typed Address ${Date.now()}`)
    expect(await dashboard(ownerCookie)).not.toContain(id)

    const link = await claimLink(owner.email, reference)
    // Someone else signed in opens the link: nothing is claimed, on either dashboard.
    const byOther = await fetch(`${baseURL()}${link}`, {
      headers: fromNewAddress({ cookie: otherCookie }),
      redirect: 'manual',
    })
    expect(byOther.status).toBe(200)
    expect(await byOther.text()).toContain('did not add a request')
    expect(await dashboard(otherCookie)).not.toContain(id)
    expect(await dashboard(ownerCookie)).not.toContain(id)

    // Signed out, the link asks for a sign-in first and claims nothing.
    const signedOut = await fetch(`${baseURL()}${link}`, { headers: fromNewAddress(), redirect: 'manual' })
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(link)}`)

    // The client with that address opens it: the request is theirs.
    const byOwner = await fetch(`${baseURL()}${link}`, {
      headers: fromNewAddress({ cookie: ownerCookie }),
      redirect: 'manual',
    })
    expect(byOwner.status).toBe(302)
    expect(byOwner.headers.get('location')).toBe(`/dashboard?requestAdded=${reference}`)
    expect(await dashboard(ownerCookie)).toContain(id)
    expect(await dashboard(otherCookie)).not.toContain(id)

    // The link is used up: opened again by the other client, it still claims nothing.
    const again = await fetch(`${baseURL()}${link}`, {
      headers: fromNewAddress({ cookie: otherCookie }),
      redirect: 'manual',
    })
    expect(again.status).toBe(200)
    expect(await dashboard(otherCookie)).not.toContain(id)
  })

  it('shows a request sent signed in on the sender’s dashboard at once, and not on the address owner’s', async () => {
    // The other client books, signed in, with the owner's address (say, for a colleague).
    const { id } = await book(owner.email, `Signed In ${Date.now()}`, otherCookie)
    expect(await dashboard(otherCookie)).toContain(id)
    expect(await dashboard(ownerCookie)).not.toContain(id)
  })

  it('claims nothing with a made-up or malformed token', async () => {
    for (const token of ['x', 'A'.repeat(43), '../../admin', '']) {
      const response = await fetch(`${baseURL()}/dashboard/claim?token=${encodeURIComponent(token)}`, {
        headers: fromNewAddress({ cookie: ownerCookie }),
        redirect: 'manual',
      })
      expect(response.status, token).toBe(200)
      await response.body?.cancel()
    }
  })
})
