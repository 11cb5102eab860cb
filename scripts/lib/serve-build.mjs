// Pieces of the scripts that look at the real product in Chromium (screenshots, Lighthouse); they
// start the built server with startBuiltServer() of server-process.mjs.
import fs from 'node:fs'

export { root } from './server-process.mjs'

/** Debian's Chromium, and the same flags as tests/e2e/helpers/browser.ts (root, no sandbox, no background network). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function requireChromium() {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium is missing (${chromiumPath}): apt-get install -y chromium`)
  }
}

/** The paths listed in the server's /sitemap.xml: every public page. */
export async function publicPaths(baseURL) {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
}
