// The framework's floor of the signed-in benchmark (scripts/bench/framework-floor.ts): the tiny React
// Router app, and the same tiny pages put in a route table read from a build's client manifest, which
// must match a request through pathless layouts as our app does and render the page's two fields.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/server-process.mjs'

const floorScript = path.resolve(import.meta.dirname, '../../scripts/bench/framework-floor.ts')

const cleanup: Array<() => unknown> = []
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step()
})

async function startFloor(args: string[]): Promise<string> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [floorScript, String(port), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  cleanup.push(() => child.kill('SIGTERM'))
  let output = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('listening')) resolve()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => reject(new Error(`the floor app exited (${code}):\n${output}`)))
  })
  return `http://127.0.0.1:${port}`
}

/** A client manifest as the build writes it, for a route table with a pathless layout as our areas have. */
function manifestFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floor-manifest-'))
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  const route = (id: string, fields: Record<string, unknown>) => ({ id, module: `/assets/${id}.js`, ...fields })
  const routes = {
    root: route('root', { path: '' }),
    'routes/home': route('routes/home', { parentId: 'root', index: true }),
    'area-account': route('area-account', { parentId: 'root' }),
    'routes/account/dashboard': route('routes/account/dashboard', { parentId: 'area-account', path: 'dashboard' }),
    'billing-invoices-document': route('billing-invoices-document', {
      parentId: 'area-account',
      path: 'billing/invoices/:id',
    }),
  }
  const file = path.join(dir, 'manifest-0123abcd.js')
  fs.writeFileSync(file, `window.__reactRouterManifest=${JSON.stringify({ entry: {}, routes, version: '0123abcd' })};`)
  return file
}

describe("the signed-in benchmark's framework floor", () => {
  it('answers its one page', async () => {
    const url = await startFloor([])
    const answer = await fetch(`${url}/`)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('<h1>Welcome, Client</h1>')
  })

  it("in a build's route table, renders a page through its pathless layout and refuses what no route matches", async () => {
    const url = await startFloor(['--routes-of', manifestFile()])

    const dashboard = await fetch(`${url}/dashboard`)
    expect(dashboard.status).toBe(200)
    const html = await dashboard.text()
    expect(html).toContain('<h1>Welcome, Client</h1>')
    // Every route of the match took part: root, the pathless area and the page.
    for (const id of ['root', 'area-account', 'routes/account/dashboard']) {
      expect(html).toContain(`href="/assets/${id}.js"`)
    }

    const invoice = await fetch(`${url}/billing/invoices/42`)
    expect(invoice.status).toBe(200)
    expect(await invoice.text()).toContain('href="/assets/billing-invoices-document.js"')

    expect((await fetch(`${url}/nowhere`)).status).toBe(404)
  })
})
