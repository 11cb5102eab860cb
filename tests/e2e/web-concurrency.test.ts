import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { cleanupAfterEach, type Run, spawnProcess } from './helpers/processes'

// WEB_CONCURRENCY: several HTTP processes on one port (node:cluster), for a real PostgreSQL only.

type LogLine = { msg?: string; worker?: number; path?: string; status?: number; level?: number }

const node = process.execPath
const { track, tempDir } = cleanupAfterEach('ramapo-workers-')

function run(command: string[], env: Record<string, string>): Run {
  return track(spawnProcess({ SEED_DEMO: 'false', ...env }, command))
}

function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

async function waitFor(what: string, predicate: () => boolean, ms = 90_000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (predicate()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** One request on a connection of its own, so that the cluster hands it to the next worker. */
function request(
  port: number,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent: false,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        let text = ''
        res.on('data', (d) => {
          text += String(d)
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }))
      },
    )
    req.once('error', reject)
    req.end(payload)
  })
}

describe('WEB_CONCURRENCY', () => {
  it('serves from two worker processes on one port against PostgreSQL, and stops them cleanly on SIGTERM', async () => {
    const port = await freePort()
    const dataDir = tempDir()
    // A throwaway PostgreSQL for this one server; the server gets its URL as DATABASE_URL.
    const server = run(
      [node, 'scripts/with-postgres.mjs', 'sh', '-c', 'DATABASE_URL="$TEST_DATABASE_URL" exec "$0" server.js', node],
      { PORT: String(port), DATA_DIR: dataDir, WEB_CONCURRENCY: '2', INTAKE_RATE_LIMIT: '0' },
    )
    await waitFor('both workers to listen', () => server.output().includes('"msg":"all workers listening"'))
    expect(server.output()).not.toContain('SKIPPED')

    for (let i = 0; i < 8; i++) {
      expect((await request(port, 'GET', '/healthz')).status).toBe(200)
    }
    const booking = await request(port, 'POST', '/api/process-form', {
      formType: 'contact',
      name: 'Robin Sample',
      email: 'robin@example.com',
      message: 'Two processes, one booking.',
    })
    expect(booking.status).toBe(200)
    expect(booking.json).toMatchObject({ success: true, data: { email: { sent: true } } })

    // Both processes answered: every request line names its worker.
    const served = logLines(server.output()).filter((l) => l.msg === 'request' && l.path === '/healthz')
    expect(served).toHaveLength(8)
    expect(new Set(served.map((l) => l.worker))).toEqual(new Set([1, 2]))
    // One set of generated secrets, made before the workers started.
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(true)

    server.child.kill('SIGTERM')
    // scripts/with-postgres.mjs passes the signal on, waits for the server, and then reports the
    // signal it was stopped with (128 + 15); the server's own exit code is in its last line.
    expect(await server.exited).toBe(143)
    const lines = logLines(server.output())
    expect(new Set(lines.filter((l) => l.msg === 'stopped').map((l) => l.worker))).toEqual(new Set([1, 2]))
    expect(lines.find((l) => l.msg === 'all workers stopped')).toMatchObject({ exitCode: 0 })
    expect(lines.filter((l) => (l.level ?? 0) >= 50)).toEqual([])
  })

  it('runs one process on the embedded database, whatever it says, and says so', async () => {
    const port = await freePort()
    const server = run([node, 'server.js'], {
      PORT: String(port),
      DATA_DIR: tempDir(),
      DATABASE_URL: '',
      WEB_CONCURRENCY: '3',
    })
    await waitFor('the server to listen', () => server.output().includes('listening on'), 60_000)
    expect((await request(port, 'GET', '/healthz')).status).toBe(200)

    const lines = logLines(server.output())
    expect(lines.find((l) => l.msg?.startsWith('WEB_CONCURRENCY is ignored'))).toMatchObject({ level: 40 })
    expect(lines.filter((l) => l.msg?.startsWith('listening on'))).toHaveLength(1)
    expect(lines.some((l) => l.worker !== undefined)).toBe(false)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })
})
