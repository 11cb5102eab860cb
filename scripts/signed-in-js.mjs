// `node scripts/signed-in-js.mjs` (after `npm run build`): the JavaScript the signed-in pages load,
// counted the way Lighthouse counts it (docs/frontend-performance.md): every script the page requests
// while it loads, including those started after the first paint, until the network has been quiet
// for 2 s; each as the gzip file the build wrote beside it. /auth is loaded signed out (it sends
// signed-in visitors on), /dashboard and /billing as the demo client. Target (issue 18): ≤ 100 KB.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { launchChromium } from './lib/chromium.mjs'
import { root, startBuiltServer } from './lib/server-process.mjs'

const targetKB = 100
const pages = [
  { path: '/auth', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/billing', signedIn: true },
]

function gzipBytes(url) {
  const pathname = new URL(url).pathname
  for (const file of [`${pathname}.gz`, pathname]) {
    const full = path.join(root, 'build/client', file)
    if (fs.existsSync(full)) return fs.statSync(full).size
  }
  return 0
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-signed-in-js-'))
const server = await startBuiltServer({ label: 'signed-in-js', dataDir })
const browser = await launchChromium()
const rows = []
try {
  const { demoClientPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'carla@harbor-dental.example', password: demoClientPassword }),
  })
  if (!signIn.ok) throw new Error(`the demo client could not sign in (${signIn.status})`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  for (const page of pages) {
    const context = await browser.newContext({ extraHTTPHeaders: page.signedIn ? { cookie } : {} })
    const tab = await context.newPage()
    const scripts = new Set()
    tab.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url())
    })
    const response = await tab.goto(`${server.url}${page.path}`, { waitUntil: 'load' })
    await tab.waitForLoadState('networkidle')
    await tab.waitForTimeout(2000)
    await tab.waitForLoadState('networkidle')
    const bytes = [...scripts].reduce((sum, url) => sum + gzipBytes(url), 0)
    rows.push({ ...page, status: response?.status(), url: tab.url(), count: scripts.size, bytes })
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

for (const row of rows) {
  const kb = row.bytes / 1024
  const landed = new URL(row.url).pathname === row.path ? '' : ` (landed on ${new URL(row.url).pathname})`
  console.log(
    `${kb <= targetKB ? '✔' : '✖'} ${row.path.padEnd(11)} ${kb.toFixed(1).padStart(6)} KB gzip in ${row.count} scripts${landed}`,
  )
}
process.exitCode = rows.every((row) => row.bytes <= targetKB * 1024) ? 0 : 1
