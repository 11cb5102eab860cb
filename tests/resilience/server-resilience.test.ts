import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../scripts/bench/lib.ts'
import { postgresCluster } from '../integration/helpers/postgres-cluster.ts'

// Runs against the throwaway PostgreSQL of scripts/with-postgres.mjs (npm run test:resilience),
// with the built server as a separate process, the way it runs in production.
const databaseUrl = process.env.TEST_DATABASE_URL
if (!databaseUrl) throw new Error('TEST_DATABASE_URL is unset: run through npm run test:resilience')

const servers: RunningServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()))
})

type Finished = { status: number; body: string } | { error: string }

/**
 * Starts a GET on a fresh connection and resolves once the response has begun (headers in), with
 * the body left unread; `finish()` then reads the rest.
 */
function begin(url: string): Promise<{ finish: () => Promise<Finished> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.pause()
      resolve({
        finish: () =>
          new Promise<Finished>((done) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (d) => {
              body += d
            })
            res.on('end', () => done({ status: res.statusCode ?? 0, body }))
            res.on('error', (e) => done({ error: String(e) }))
            res.resume()
          }),
      })
    })
    req.on('error', reject)
  })
}

describe('the server under faults', () => {
  it('finishes every in-flight request on SIGTERM, then exits 0', async () => {
    const server = await startServer({ env: { DATABASE_URL: databaseUrl } })
    servers.push(server)
    // 40 responses under way (headers sent, bodies not yet read) when the signal arrives
    const inFlight = await Promise.all(
      Array.from({ length: 40 }, (_, i) => begin(`${server.url}/${i % 2 ? '' : 'privacy'}`)),
    )
    process.kill(server.pid, 'SIGTERM')
    await new Promise((r) => setTimeout(r, 200))
    // no new connections are accepted meanwhile
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    const results = await Promise.all(inFlight.map((r) => r.finish()))
    const failed = results.filter((r) => 'error' in r || !r.body.includes('</html>'))
    expect(failed).toEqual([])
    expect(await server.stop()).toBe(0)
  })

  it('answers 503 while the database is down and recovers without a restart', async () => {
    const server = await startServer({ env: { DATABASE_URL: databaseUrl } })
    servers.push(server)
    const cluster = postgresCluster()
    const health = async () => (await fetch(`${server.url}/healthz`)).status
    expect(await health()).toBe(200)
    await cluster.stop('fast')
    try {
      const during: number[] = []
      const until = Date.now() + 5_000
      while (Date.now() < until) {
        during.push(await health())
        await new Promise((r) => setTimeout(r, 250))
      }
      expect(new Set(during)).toEqual(new Set([503]))
      const api = await fetch(`${server.url}/api/health`)
      expect(api.status).toBe(503)
      expect(await api.json()).toHaveProperty('error')
      // pages that need no database keep working
      expect((await fetch(`${server.url}/`)).status).toBe(200)
    } finally {
      await cluster.start()
    }
    const deadline = Date.now() + 15_000
    let status = 0
    while (Date.now() < deadline && status !== 200) {
      status = await health()
      if (status !== 200) await new Promise((r) => setTimeout(r, 250))
    }
    expect(status).toBe(200)
    expect(server.output()).not.toMatch(/"level":60/)
  })
})
