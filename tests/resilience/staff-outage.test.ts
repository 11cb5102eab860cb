import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/server-process.mjs'
import { postgresCluster } from '../integration/helpers/postgres-cluster.ts'
import { testAdmin } from '../setup/built-server.ts'
import { enrolAdmin, signInOverHttp } from '../setup/two-factor-http.ts'
import { freshDatabase } from './helpers.ts'

let server: BuiltServer
let cookie = ''
beforeAll(async () => {
  const url = await freshDatabase('staff_outage')
  server = await startBuiltServer({
    env: { DATABASE_URL: url, ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password },
  })
  const target = { baseURL: server.url, origin: server.url }
  const totpSecret = await enrolAdmin(target, testAdmin)
  cookie = await signInOverHttp(target, { ...testAdmin, totpSecret }, '10.254.254.3')
}, 180_000)
afterAll(async () => {
  console.info(server?.output().slice(-5000))
  await server?.stop()
})

const paths = [
  '/admin',
  '/admin/accounts',
  '/employee/requests',
  '/employee/requests/export.csv',
  '/admin/billing',
  '/employee/billing',
  '/admin/blog',
]

describe('explore', () => {
  it('explores', async () => {
    for (const p of paths) {
      const r = await fetch(`${server.url}${p}`, { headers: { cookie }, redirect: 'manual' })
      console.info('UP', p, r.status)
    }
    const cluster = postgresCluster()
    await cluster.stop('fast')
    try {
      for (const p of [...paths, '/admin/accounts.data', '/admin.data']) {
        const r = await fetch(`${server.url}${p}`, { headers: { cookie }, redirect: 'manual' })
        const text = await r.text()
        console.info(
          'DOWN',
          p,
          r.status,
          r.headers.get('location'),
          text
            .replace(/<script[\s\S]*?<\/script>/g, '')
            .replace(/<[^>]+>/g, ' ')
            .replace(/\s+/g, ' ')
            .slice(-700),
        )
      }
    } finally {
      await cluster.start()
    }
    expect(1).toBe(1)
  }, 120_000)
})
