import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/server-process.mjs'
import { signInOverHttp } from '../setup/two-factor-http.ts'

// The built server makes its PDFs in a worker thread whose code the build emits beside the bundle
// (build/server/pdf-worker.js), and the thread leaves once idle (30 s): ADR 032.

const ip = '10.254.9.1'
let server: BuiltServer

beforeAll(async () => {
  server = await startBuiltServer({ label: 'pdf-thread' })
})
afterAll(async () => {
  await server?.stop()
})

const threadsOf = (pid: number) =>
  Number(/^Threads:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)

describe('the built server and its PDF thread', { timeout: 180_000 }, () => {
  it('makes a PDF in a thread that exits when idle, and starts one again for the next PDF', async () => {
    const secrets = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8')) as {
      demoClientPassword: string
    }
    const cookie = await signInOverHttp(
      { baseURL: server.url, origin: server.url },
      { email: 'carla@harbor-dental.example', password: secrets.demoClientPassword },
      ip,
    )
    const list = await fetch(`${server.url}/billing/invoices`, { headers: { cookie, 'x-forwarded-for': ip } })
    const id = /\/billing\/invoices\/([0-9a-f-]{36})/.exec(await list.text())?.[1]
    expect(id).toBeDefined()
    const download = async () => {
      const response = await fetch(`${server.url}/billing/invoices/${id}/pdf`, {
        headers: { cookie, 'x-forwarded-for': ip },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-')
    }

    await download()
    const withThread = threadsOf(server.pid)
    // The thread leaves after its idle time; the process has a thread fewer.
    await vi.waitFor(() => expect(threadsOf(server.pid)).toBeLessThan(withThread), { timeout: 90_000, interval: 500 })
    await download()
    expect(threadsOf(server.pid)).toBe(withThread)
  })
})
