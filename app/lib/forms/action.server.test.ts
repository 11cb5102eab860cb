import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { checkForm, formValues, parseForm, readForm, reply } from './action.server'

const url = 'http://localhost/auth'

/** What a thrown answer says: its status and its result. */
async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise
  } catch (thrown) {
    const answer = thrown as { init?: { status?: number; headers?: HeadersInit }; data?: unknown }
    return { status: answer.init?.status, headers: new Headers(answer.init?.headers), data: answer.data }
  }
  throw new Error('not refused')
}

describe('reading a page action body', () => {
  it('reads url-encoded and multipart forms', async () => {
    const encoded = new Request(url, { method: 'POST', body: new URLSearchParams({ email: 'a@example.com' }) })
    expect((await readForm(encoded)).get('email')).toBe('a@example.com')
    const body = new FormData()
    body.set('email', 'b@example.com')
    expect((await readForm(new Request(url, { method: 'POST', body }))).get('email')).toBe('b@example.com')
  })

  it('refuses a body that is not a form with 415', async () => {
    const bodies: Array<[string, RequestInit]> = [
      ['JSON', { body: '{"email":"a@example.com"}', headers: { 'content-type': 'application/json' } }],
      ['text', { body: 'email=a@example.com', headers: { 'content-type': 'text/plain' } }],
      ['no type', { body: new Uint8Array([1, 2, 3]) }],
      ['nothing', {}],
    ]
    for (const [what, init] of bodies) {
      const refusal = await refusalOf(readForm(new Request(url, { method: 'POST', ...init })))
      expect(refusal.status, what).toBe(415)
      expect(refusal.data, what).toMatchObject({ ok: false, message: expect.stringContaining('form') })
    }
  })

  it('refuses broken multipart with 400', async () => {
    const broken = new Request(url, {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nunfinished',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect((await refusalOf(readForm(broken))).status).toBe(400)
    const noBoundary = new Request(url, {
      method: 'POST',
      body: 'email=a',
      headers: { 'content-type': 'multipart/form-data' },
    })
    expect((await refusalOf(readForm(noBoundary))).status).toBe(400)
  })

  it('refuses other methods with 405 and says which one it takes', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const refusal = await refusalOf(readForm(new Request(url, { method, body: 'email=a' })))
      expect(refusal.status, method).toBe(405)
      expect(refusal.headers.get('allow')).toBe('POST')
    }
  })
})

describe('checking a form', () => {
  const schema = z.object({ email: z.email('Enter an e-mail address.'), password: z.string().min(8, 'Too short.') })

  it('keeps the first value of each text field and drops files', () => {
    const form = new FormData()
    form.append('email', 'a@example.com')
    form.append('email', 'second@example.com')
    form.append('upload', new Blob(['x']), 'x.txt')
    expect(formValues(form)).toEqual({ email: 'a@example.com' })
  })

  it('answers field errors and the values as typed, without the secret ones', () => {
    const checked = checkForm(schema, { email: 'nope', password: 'short' }, { secret: ['password'] })
    expect(checked).toEqual({
      ok: false,
      result: {
        ok: false,
        message: 'Check the highlighted fields.',
        fieldErrors: { email: ['Enter an e-mail address.'], password: ['Too short.'] },
        values: { email: 'nope' },
      },
    })
    expect(checkForm(schema, { email: 'a@example.com', password: 'long enough' })).toEqual({
      ok: true,
      data: { email: 'a@example.com', password: 'long enough' },
    })
  })

  it('reads and checks in one step', async () => {
    const request = new Request(url, { method: 'POST', body: new URLSearchParams({ email: 'a@example.com' }) })
    const checked = await parseForm(request, schema)
    expect(checked.ok).toBe(false)
  })

  it('answers 200 when it went through and 400 unless told otherwise', () => {
    expect(reply({ ok: true }).init?.status).toBe(200)
    expect(reply({ ok: false, message: 'No.' }).init?.status).toBe(400)
    expect(reply({ ok: false, message: 'Slow down.' }, { status: 429 }).init?.status).toBe(429)
  })
})
