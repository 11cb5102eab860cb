import { describe, expect, it } from 'vitest'
import { adminSessionCookie, postForm, uniqueIdentity } from './helpers/accounts'
import { baseURL } from './helpers/browser'

// Staff create an organisation from the client list (the plain form, as before the page's script
// runs), land on its page, and read its history there.

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

describe("the staff's organisation pages", () => {
  it('create an organisation from the list and show its history on its page', async () => {
    const { ip } = uniqueIdentity('org-create')
    const admin = await adminSessionCookie(ip)
    const name = `Tappan Bakery ${Date.now().toString(36)}`

    const wrong = await postForm(
      '/employee/clients',
      { intent: 'create', name, kind: 'business', postalCode: 'Tappan' },
      { cookie: admin, ip },
    )
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('Enter a ZIP code like 10901 or 10901-1234.')

    const created = await postForm(
      '/employee/clients',
      { intent: 'create', name, kind: 'business', town: 'Tappan', state: 'ny', postalCode: '10983', staffNotes: '' },
      { cookie: admin, ip },
    )
    expect(created.status).toBe(302)
    const location = created.headers.get('location') ?? ''
    expect(location).toMatch(new RegExp(`^/employee/clients/${uuid.source}$`))

    const page = await fetch(`${baseURL()}${location}`, { headers: { cookie: admin, 'x-forwarded-for': ip } })
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(body).toContain(name)
    expect(body).toContain('Created an organisation')
    expect(body).toContain('data-testid="history-entry"')
  })
})
