import { RouterContextProvider, redirect } from 'react-router'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type AppContext, appContext } from '~/context.server'
import { nothingSavedMessage } from '../database-outage'
import { DomainError, type DomainErrorKind } from '../domain-error'
import { intentAction } from './intent-action.server'

// The action helper: one table per page, its plumbing tested once here (every kind of DomainError,
// a database outage, a bug, a schema's refusal, an unknown intent, a redirect).

type Answer = { data: Record<string, unknown>; init: { status: number; headers?: Record<string, string> } }

function call(action: ReturnType<typeof intentAction>, body: Record<string, string>, params = {}) {
  const warnings: string[] = []
  const log = { warn: (_: unknown, msg: string) => warnings.push(msg) }
  const context = new RouterContextProvider()
  context.set(appContext, { log } as unknown as AppContext)
  const request = new Request('http://site.test/admin/things/1', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  })
  return { answer: action({ request, params, context }) as Promise<unknown>, warnings }
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
const failing = (error: unknown) =>
  intentAction({
    save: {
      run: () => {
        throw error
      },
      done: 'Saved.',
    },
  })

describe('intentAction', () => {
  it("runs the intent's service with the schema's output and answers its done message", async () => {
    const seen: unknown[] = []
    const action = intentAction({
      rename: {
        schema: z.object({ name: z.string().min(1, 'Name it.') }),
        run: (_ctx, input) => {
          seen.push(input)
          return input.name.toUpperCase()
        },
        done: (name) => `Renamed to ${name}.`,
      },
      other: { run: () => undefined, done: 'Other.' },
    })
    const answer = (await call(action, { intent: 'rename', name: 'ada', extra: 'x' }).answer) as Answer
    expect(answer.init.status).toBe(200)
    expect(answer.data).toEqual({ ok: true, intent: 'rename', message: 'Renamed to ADA.' })
    expect(seen).toEqual([{ name: 'ada' }])
  })

  it('answers with the headers run set (a new session cookie)', async () => {
    const action = intentAction({
      password: {
        run: (ctx) => ctx.headers.append('Set-Cookie', 'session=new; HttpOnly'),
        done: 'Changed.',
      },
    })
    const answer = (await call(action, {}).answer) as Answer & { init: { headers: Headers } }
    expect(new Headers(answer.init.headers).get('Set-Cookie')).toBe('session=new; HttpOnly')
  })

  it('answers a refusal and a redirect with the headers run set too (a sign-in challenge ended, a new session)', async () => {
    const refusing = intentAction({
      code: {
        run: (ctx) => {
          ctx.headers.append('Set-Cookie', 'challenge=; Max-Age=0')
          throw new DomainError('unauthenticated', 'That code is not right.')
        },
      },
    })
    const refused = (await call(refusing, {}).answer) as Answer & { init: { headers: Headers } }
    expect(refused.init.status).toBe(401)
    expect(new Headers(refused.init.headers).get('Set-Cookie')).toBe('challenge=; Max-Age=0')
    const moving = intentAction({
      go: {
        run: (ctx) => {
          ctx.headers.append('Set-Cookie', 'session=new')
          return redirect('/portal')
        },
      },
    })
    const response = (await call(moving, {}).answer) as Response
    expect(response.headers.get('Location')).toBe('/portal')
    expect(response.headers.get('Set-Cookie')).toBe('session=new')
  })

  it('runs its guard before reading the body: a post from another site is refused as the guard says', async () => {
    const guarded = intentAction(
      { save: { run: () => undefined, done: 'Saved.' } },
      {
        guard: () => {
          throw new Response('Not from our website.', { status: 403 })
        },
      },
    )
    const thrown = (await call(guarded, {}).answer.catch((e: unknown) => e)) as Response
    expect(thrown.status).toBe(403)
  })

  it('answers the fields a done gives, and a Response from run as it is', async () => {
    const fields = intentAction({ check: { run: () => 42, done: (n) => ({ answer: n }) } })
    expect(((await call(fields, {}).answer) as Answer).data).toEqual({ ok: true, intent: 'check', answer: 42 })
    const moving = intentAction({ go: { run: () => redirect('/elsewhere') } })
    const response = (await call(moving, { intent: 'go' }).answer) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/elsewhere')
  })

  it('refuses an unknown intent with 400, and takes a form without one only when the table has one entry', async () => {
    const two = intentAction({ a: { run: () => undefined }, b: { run: () => undefined } })
    for (const body of [{ intent: 'c' }, {}, { intent: 'constructor' }] as Record<string, string>[]) {
      const answer = (await call(two, body).answer) as Answer
      expect(answer.init.status).toBe(400)
      expect(answer.data.message).toBe('Unknown request. Reload the page and try again.')
    }
    const one = intentAction({ a: { run: () => undefined, done: 'A.' } })
    expect(((await call(one, {}).answer) as Answer).data).toMatchObject({ ok: true, message: 'A.' })
  })

  it('refuses values the schema refuses: 400, the field errors, the values back less the secret ones', async () => {
    const action = intentAction({
      join: {
        schema: z.object({ email: z.email('Enter an e-mail address.'), password: z.string().min(12, 'Too short.') }),
        invalid: 'Check the form.',
        secret: ['password'],
        run: () => undefined,
      },
    })
    const answer = (await call(action, { intent: 'join', email: 'nope', password: 'short' }).answer) as Answer
    expect(answer.init.status).toBe(400)
    expect(answer.data).toEqual({
      ok: false,
      intent: 'join',
      message: 'Check the form.',
      fieldErrors: { email: ['Enter an e-mail address.'], password: ['Too short.'] },
      values: { intent: 'join', email: 'nope' },
    })
  })

  it.each([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['conflict', 409],
    ['gone', 410],
    ['rate_limited', 429],
  ] as const)('answers a %s DomainError to the form with %i, its words and the values back', async (kind, status) => {
    const changedAt = new Date('2026-11-26T15:00:00Z')
    const error = new DomainError(kind as DomainErrorKind, 'A person can act on this.', { field: 'name', changedAt })
    const answer = (await call(failing(error), { name: 'Ada' }).answer) as Answer
    expect(answer.init.status).toBe(status)
    expect(answer.data).toEqual({
      ok: false,
      intent: 'save',
      message: 'A person can act on this.',
      kind,
      fieldErrors: { name: ['A person can act on this.'] },
      values: { name: 'Ada' },
      conflictAt: changedAt.toISOString(),
    })
  })

  it.each([
    ['not_found', 404],
    ['forbidden', 403],
  ] as const)('answers a %s DomainError as the page itself would: a thrown %i', async (kind, status) => {
    const thrown = (await call(failing(new DomainError(kind, 'Not here.')), {}).answer.catch(
      (e: unknown) => e,
    )) as Answer
    expect(thrown.init.status).toBe(status)
    expect(thrown.data).toEqual({ error: 'Not here.' })
  })

  it('answers not_found and forbidden to the form, with their status and kind, for an entry onForm', async () => {
    for (const [kind, status] of [
      ['not_found', 404],
      ['forbidden', 403],
    ] as const) {
      const action = intentAction({
        end: {
          onForm: true,
          run: () => {
            throw new DomainError(kind, 'That session has already ended.')
          },
        },
      })
      const answer = (await call(action, { sessionId: 's1' }).answer) as Answer
      expect(answer.init.status).toBe(status)
      expect(answer.data).toEqual({
        ok: false,
        intent: 'end',
        kind,
        message: 'That session has already ended.',
        values: { sessionId: 's1' },
      })
    }
  })

  it('refuses a form its allow check refuses, with 403, before running anything', async () => {
    let ran = false
    const action = intentAction({
      approve: {
        allow: () => false,
        run: () => {
          ran = true
        },
      },
    })
    const thrown = (await call(action, {}).answer.catch((e: unknown) => e)) as Answer
    expect(thrown.init.status).toBe(403)
    expect(ran).toBe(false)
  })

  it('answers a database outage with 503, Retry-After, its words and the values as sent, logged once', async () => {
    const { answer, warnings } = call(failing(refused), { note: 'Called back.' })
    const outage = (await answer) as Answer
    expect(outage.init.status).toBe(503)
    expect(outage.init.headers?.['Retry-After']).toBe('5')
    expect(outage.data).toEqual({ ok: false, message: nothingSavedMessage, values: { note: 'Called back.' } })
    expect(warnings).toEqual(['database unavailable'])
    const own = intentAction({ pay: { run: () => Promise.reject(refused), outage: 'Nothing was recorded.' } })
    expect(((await call(own, {}).answer) as Answer).data.message).toBe('Nothing was recorded.')
  })

  it('throws any other error on: a bug is a 500 with its request id, never a 503', async () => {
    const bug = new TypeError('x is undefined')
    const { answer, warnings } = call(failing(bug), {})
    await expect(answer).rejects.toBe(bug)
    expect(warnings).toEqual([])
  })

  it('adds the route params it is told to the values the schema checks; the address wins', async () => {
    const seen: unknown[] = []
    const action = intentAction(
      { note: { schema: z.object({ id: z.string(), body: z.string() }), run: (_ctx, input) => seen.push(input) } },
      { params: ['id'] },
    )
    await call(action, { intent: 'note', body: 'Hi', id: 'forged' }, { id: 'from-address' }).answer
    expect(seen).toEqual([{ id: 'from-address', body: 'Hi' }])
  })
})
