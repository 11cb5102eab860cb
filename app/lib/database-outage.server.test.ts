import { RouterContextProvider, type ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { type AppContext, appContext } from '~/context.server'
import {
  billingUnavailableMessage,
  contractsUnavailableMessage,
  nothingSavedMessage,
  pageOutageMessage,
  pageUnavailableMessage,
} from './database-outage'
import { guardAction, guardLoader, guardRouteModule, withOutageRule } from './database-outage.server'
import { DomainError } from './domain-error'

type Answer = { data: Record<string, unknown>; init: { status: number; headers: Record<string, string> } }

function args(path = '/employee/requests/1', init?: RequestInit) {
  const warnings: string[] = []
  const log = { warn: (_: unknown, msg: string) => warnings.push(msg) }
  const context = new RouterContextProvider()
  context.set(appContext, { log } as unknown as AppContext)
  return { args: { request: new Request(`http://site.test${path}`, init), context }, warnings }
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
const post = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body),
})
const thrownBy = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('the outage rule on a loader', () => {
  it('throws a 503 with the words and a Retry-After when the database is down, logged once', async () => {
    const { args: a, warnings } = args()
    const thrown = (await thrownBy(guardLoader(async (_: unknown) => Promise.reject(refused))(a))) as Answer
    expect(thrown.init.status).toBe(503)
    expect(thrown.init.headers['Retry-After']).toBe('5')
    expect(thrown.data).toEqual({ error: pageUnavailableMessage })
    expect(warnings).toEqual(['database unavailable'])
  })

  it("speaks in its area's words, for the page and its .data request", async () => {
    for (const [path, words] of [
      ['/billing/invoices/1', billingUnavailableMessage],
      ['/admin/billing.data', billingUnavailableMessage],
      ['/employee/billing/1/pdf', billingUnavailableMessage],
      ['/employee/billing', pageUnavailableMessage],
      ['/billing/contracts/1', contractsUnavailableMessage],
      ['/admin/contracts', contractsUnavailableMessage],
      ['/admin/accounts', pageUnavailableMessage],
    ] as const) {
      expect(pageOutageMessage(path)).toBe(words)
      const thrown = (await thrownBy(
        guardLoader(async (_: unknown) => Promise.reject(refused))(args(path).args),
      )) as Answer
      expect(thrown.data).toEqual({ error: words })
    }
  })

  it("answers a service's DomainError with its status and words", async () => {
    const { args: a } = args()
    const thrown = (await thrownBy(
      guardLoader(async (_: unknown) => Promise.reject(new DomainError('not_found', 'There is no such thing.')))(a),
    )) as Answer
    expect(thrown.init.status).toBe(404)
    expect(thrown.data).toEqual({ error: 'There is no such thing.' })
  })

  it('leaves every other error alone (a bug stays a bug: a 500 with its request id) and passes data through', async () => {
    const { args: a, warnings } = args()
    const bug = new TypeError('x is undefined')
    await expect(guardLoader(async (_: unknown) => Promise.reject(bug))(a)).rejects.toBe(bug)
    await expect(guardLoader(async (_: unknown) => ({ rows: 1 }))(a)).resolves.toEqual({ rows: 1 })
    expect(warnings).toEqual([])
  })
})

describe('the outage rule on an action', () => {
  it('answers 503 "nothing was saved" with the values as sent and the intent, after the action read the body', async () => {
    const { args: a } = args(
      '/employee/requests/1',
      post({ intent: 'note', note: 'Called back at 3 pm.', password: 'x' }),
    )
    const answer = (await guardAction(async ({ request }: { request: Request }) => {
      await request.formData()
      throw new Error('Connection terminated unexpectedly')
    })(a)) as unknown as Answer
    expect(answer.init.status).toBe(503)
    expect(answer.init.headers['Retry-After']).toBe('5')
    expect(answer.data).toEqual({
      ok: false,
      message: nothingSavedMessage,
      values: { intent: 'note', note: 'Called back at 3 pm.' },
      intent: 'note',
    })
  })

  it('throws other errors on', async () => {
    const { args: a } = args('/employee/requests/1', post({ intent: 'note' }))
    const bug = new RangeError('out of range')
    await expect(guardAction(async (_: unknown) => Promise.reject(bug))(a)).rejects.toBe(bug)
  })
})

const Page = () => null

describe('the build React Router serves', () => {
  it("guards every route's loader and action, once per build, and leaves the rest of each module as it was", async () => {
    const module = { default: Page, loader: async () => Promise.reject(refused), meta: () => [] }
    const build = {
      routes: {
        page: { id: 'page', path: 'page', module },
        bare: { id: 'bare', path: 'bare', module: { default: Page } },
      },
    } as unknown as ServerBuild
    const served = withOutageRule(build)
    expect(withOutageRule(build)).toBe(served)
    expect(build.routes.page?.module.loader).toBe(module.loader)
    const guarded = (served.routes.page?.module ?? {}) as Record<string, unknown>
    expect(guarded.default).toBe(Page)
    expect(guarded.meta).toBe(module.meta)
    const thrown = (await thrownBy((guarded.loader as (a: unknown) => Promise<unknown>)(args('/page').args))) as Answer
    expect(thrown.init.status).toBe(503)
    expect(served.routes.bare?.module).toEqual({ default: Page })
    expect(guardRouteModule<{ default: typeof Page; loader?: unknown }>({ default: Page })).toEqual({ default: Page })
  })
})
