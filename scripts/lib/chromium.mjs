// Debian's Chromium (apt package `chromium`; browser downloads do not work here), started the one way
// this machine allows: no sandbox (tests run as root), no GPU, no background network or updates.
// Used by the test suites (tests/e2e/helpers/browser.ts) and by the scripts that drive a browser
// (screenshots, Lighthouse, the live status benchmark). Types: chromium.d.mts beside it.
import fs from 'node:fs'

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

/** Throws with the command to install it when Chromium is missing. */
export function requireChromium() {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium is missing (${chromiumPath}): apt-get install -y chromium`)
  }
}

/** Launches headless Chromium through playwright-core (loaded only here, for the callers that drive pages). */
export async function launchChromium() {
  requireChromium()
  const { chromium } = await import('playwright-core')
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
}
