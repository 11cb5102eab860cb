import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startBuiltServer } from '../../scripts/lib/server-process.mjs'
import { demoClient } from '../../server/accounts/demo-client.server'
import { applySetCookies } from '../setup/two-factor-http'

/**
 * What the server does after it answers (docs/perf/boot.md): the demo client's account, billing
 * documents and contracts are written once it listens. Healthy means it serves; a sign-in sent at
 * once waits for the demo data, and a stop sent at once waits for it too, then closes the database.
 */

type Server = Awaited<ReturnType<typeof startBuiltServer>>
const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop()
})

/** The built server on an empty data folder (its own, removed when stopped, unless `dataDir` is given). */
async function boot(dataDir?: string): Promise<Server> {
  const server = await startBuiltServer({ label: 'boot', dataDir, env: { LOG_LEVEL: 'info', TRUST_PROXY: 'true' } })
  servers.push(server)
  return server
}

/** Where in the server's output a line containing `text` first is (-1: nowhere). */
function lineOf(server: Server, text: string): number {
  return server
    .output()
    .split('\n')
    .findIndex((line) => line.includes(text))
}

describe('boot on an empty data folder', () => {
  it('answers before the demo data is written; the demo client signing in at once finds all of it', async () => {
    const server = await boot()
    const { demoClientPassword } = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8')) as {
      demoClientPassword: string
    }
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': '198.51.100.90' },
      body: JSON.stringify({ email: demoClient.email, password: demoClientPassword }),
    })
    expect(signIn.status).toBe(200)
    const cookie = applySetCookies('', signIn)

    // The demo data came after 'listening' and before the sign-in's answer.
    const listening = lineOf(server, 'listening on')
    const seeded = lineOf(server, 'demo contracts seeded')
    expect(listening).toBeGreaterThanOrEqual(0)
    expect(seeded).toBeGreaterThan(listening)
    // The request's log line is written when the answer has been sent: it can reach this process
    // just after the answer itself.
    await expect.poll(() => lineOf(server, 'auth /sign-in/email 200')).toBeGreaterThan(seeded)

    const contracts = await fetch(`${server.url}/billing/contracts`, {
      headers: { cookie, 'x-forwarded-for': '198.51.100.90' },
    })
    expect(contracts.status).toBe(200)
    expect(await contracts.text()).toContain('Managed Services Agreement')
  })

  it('stopped at once, finishes the demo data first and stops cleanly; the next boot seeds nothing again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-boot-'))
    try {
      const first = await boot(dataDir)
      expect(await first.stop()).toBe(0)
      const output = first.output()
      expect(output.indexOf('demo contracts seeded')).toBeGreaterThan(output.indexOf('listening on'))
      expect(output.indexOf('"msg":"stopped"')).toBeGreaterThan(output.indexOf('demo contracts seeded'))
      expect(output).not.toMatch(/"level":(50|60)/)

      const second = await boot(dataDir)
      await until(() => second.output().includes('afterListenMs'))
      expect(second.output()).toContain('demo client and billing documents seeded')
      expect(second.output()).toMatch(/"inserted":0,"msg":"demo client and billing documents seeded"/)
      expect(second.output()).not.toContain('demo contracts seeded')
      expect(await second.stop()).toBe(0)
      expect(second.output()).not.toMatch(/"level":(50|60)/)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

async function until(predicate: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
