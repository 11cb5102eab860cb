// The JavaScript the signed-in pages load (issue 18: ≤ 100 KB gzip), counted the way Lighthouse counts
// it (docs/frontend-performance.md): every script the page requests while it loads, including those
// started after the first paint, until the network has been quiet for 2 s; each as the gzip file the
// build wrote beside it. /auth is loaded signed out (it sends signed-in visitors on), /dashboard and
// /billing as the demo client. Shared by `node scripts/signed-in-js.mjs` and `npm run bench` (its
// signed-in-js step) against an already running built server. Types: signed-in-js.d.mts beside it.
import fs from 'node:fs'
import path from 'node:path'
import { launchChromium } from './chromium.mjs'
import { root } from './server-process.mjs'

export const signedInJsTargetKB = 100

export const signedInJsPages = [
  { path: '/auth', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/billing', signedIn: true },
]

/** The demo client the seed creates (server/seed); its password is in the data folder's secrets.json. */
export const demoClientEmail = 'carla@harbor-dental.example'

/** Size of a built script as gzip: the .gz file the build wrote beside it, else the file itself. */
function gzipBytes(url) {
  const pathname = new URL(url).pathname
  for (const file of [`${pathname}.gz`, pathname]) {
    const full = path.join(root, 'build/client', file)
    if (fs.existsSync(full)) return fs.statSync(full).size
  }
  return 0
}

/**
 * Signs the demo client in over HTTP and returns its cookie header. The demo data is written just
 * after the server first answers (docs/perf/boot.md), so a refused sign-in is tried again for a while.
 */
async function signInDemoClient(baseURL, dataDir) {
  const { demoClientPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))
  const deadline = Date.now() + 30_000
  for (;;) {
    const response = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ email: demoClientEmail, password: demoClientPassword }),
    })
    if (response.ok) {
      return response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
    }
    if (response.status !== 401 || Date.now() > deadline) {
      throw new Error(`the demo client could not sign in (${response.status})`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * Loads each page of `signedInJsPages` in Chromium against the built server at `baseURL`, whose data
 * folder is `dataDir` (for the demo client's password). Returns one row a page:
 * { path, signedIn, status, landedOn, count, bytes } — `landedOn` is the path the page ended on (a
 * redirect makes the figure another page's), `bytes` the scripts' gzip sizes added up.
 */
export async function measureSignedInJs(baseURL, dataDir) {
  const cookie = await signInDemoClient(baseURL, dataDir)
  const browser = await launchChromium()
  const rows = []
  try {
    for (const page of signedInJsPages) {
      const context = await browser.newContext({ extraHTTPHeaders: page.signedIn ? { cookie } : {} })
      const tab = await context.newPage()
      const scripts = new Set()
      tab.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(request.url())
      })
      const response = await tab.goto(`${baseURL}${page.path}`, { waitUntil: 'load' })
      await tab.waitForLoadState('networkidle')
      await tab.waitForTimeout(2000)
      await tab.waitForLoadState('networkidle')
      const bytes = [...scripts].reduce((sum, url) => sum + gzipBytes(url), 0)
      rows.push({
        ...page,
        status: response?.status() ?? 0,
        landedOn: new URL(tab.url()).pathname,
        count: scripts.size,
        bytes,
      })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return rows
}

/** Whether a row counts: the page itself answered 200 and its scripts are within the target. */
export function signedInJsMet(row) {
  return row.status === 200 && row.landedOn === row.path && row.bytes <= signedInJsTargetKB * 1024
}
