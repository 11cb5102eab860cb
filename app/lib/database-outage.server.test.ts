import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { type AppContext, appContext } from '~/context.server'
import { nothingSavedMessage, pageUnavailableMessage, withOutagePage, withOutageReply } from './database-outage.server'

type Answer = { data: Record<string, unknown>; init: { status: number; headers: Record<string, string> } }

function args(init?: RequestInit) {
  const warnings: string[] = []
  const log = { warn: (_: unknown, msg: string) => warnings.push(msg) }
  const context = new RouterContextProvider()
  context.set(appContext, { log } as unknown as AppContext)
  return { args: { request: new Request('http://site.test/employee/requests/1', init), context }, warnings }
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
const post = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body),
})

describe('withOutagePage', () => {
  it('throws a 503 with the words and a Retry-After when the database is down, logged once', async () => {
    const { args: a, warnings } = args()
    const thrown = (await withOutagePage(async () => {
      throw refused
    })(a).catch((error: unknown) => error)) as Answer
    expect(thrown.init.status).toBe(503)
    expect(thrown.init.headers['Retry-After']).toBe('5')
    expect(thrown.data).toEqual({ error: pageUnavailableMessage })
    expect(warnings).toEqual(['database unavailable'])
  })

  it('leaves every other error alone (a bug stays a bug) and passes data through', async () => {
    const { args: a, warnings } = args()
    const bug = new TypeError('x is undefined')
    await expect(withOutagePage(async () => Promise.reject(bug))(a)).rejects.toBe(bug)
    await expect(withOutagePage(async () => ({ rows: 1 }))(a)).resolves.toEqual({ rows: 1 })
    expect(warnings).toEqual([])
  })
})

describe('withOutageReply', () => {
  it('answers 503 "nothing was saved" with the values as sent and the intent, after the action read the body', async () => {
    const { args: a } = args(post({ intent: 'note', note: 'Called back at 3 pm.', password: 'x' }))
    const answer = (await withOutageReply(
      async ({ request }) => {
        await request.formData()
        throw new Error('Connection terminated unexpectedly')
      },
      { secret: ['password'] },
    )(a)) as unknown as Answer
    expect(answer.init.status).toBe(503)
    expect(answer.data).toEqual({
      ok: false,
      message: nothingSavedMessage,
      values: { intent: 'note', note: 'Called back at 3 pm.' },
      intent: 'note',
    })
  })

  it("answers in an area's own words: one message, or one chosen by the values sent", async () => {
    const { args: a } = args(post({ intent: 'remove', id: '7' }))
    const fails = async () => Promise.reject(refused)
    const own = (await withOutageReply(fails, { message: 'Nothing was removed.' })(a)) as unknown as Answer
    expect(own.init.status).toBe(503)
    expect(own.data).toMatchObject({ ok: false, message: 'Nothing was removed.', values: { id: '7' } })
    const byIntent = (sent: Record<string, string>) => (sent.intent === 'remove' ? 'Not removed.' : 'Not saved.')
    const { args: removing } = args(post({ intent: 'remove' }))
    const { args: saving } = args(post({ intent: 'save' }))
    expect(((await withOutageReply(fails, { message: byIntent })(removing)) as unknown as Answer).data.message).toBe(
      'Not removed.',
    )
    expect(((await withOutageReply(fails, { message: byIntent })(saving)) as unknown as Answer).data.message).toBe(
      'Not saved.',
    )
  })

  it('throws other errors on', async () => {
    const { args: a } = args(post({ intent: 'note' }))
    const bug = new RangeError('out of range')
    await expect(withOutageReply(async () => Promise.reject(bug))(a)).rejects.toBe(bug)
  })
})
