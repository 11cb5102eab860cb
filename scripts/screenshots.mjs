// `npm run screenshots`: every public page (from /sitemap.xml) of the built site, full length, at
// 390 px (phone) and 1280 px (desktop) wide, into docs/screenshots/ — the whole site at a glance.
import fs from 'node:fs'
import path from 'node:path'
import { launchChromium, requireChromium } from './lib/chromium.mjs'
import { root, startBuiltServer } from './lib/server-process.mjs'

const outDir = path.join(root, 'docs/screenshots')
const widths = [
  { width: 390, height: 844, label: 'mobile' },
  { width: 1280, height: 800, label: 'desktop' },
]

/** The paths listed in the server's /sitemap.xml: every public page. */
async function publicPaths(baseURL) {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
}

const slug = (pathname) => (pathname === '/' ? 'home' : pathname.replace(/^\/|\/$/g, '').replace(/\//g, '-'))

requireChromium()
const server = await startBuiltServer({ label: 'screenshots' })
let browser
try {
  browser = await launchChromium()
  const paths = await publicPaths(server.url)
  fs.mkdirSync(outDir, { recursive: true })
  for (const old of fs.readdirSync(outDir)) if (old.endsWith('.png')) fs.rmSync(path.join(outDir, old))
  let bytes = 0
  for (const viewport of widths) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.width < 768,
      hasTouch: viewport.width < 768,
      reducedMotion: 'reduce',
    })
    const page = await context.newPage()
    for (const pathname of paths) {
      const response = await page.goto(pathname, { waitUntil: 'load' })
      if (!response?.ok()) throw new Error(`${pathname} answered ${response?.status()}`)
      await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
      const file = path.join(outDir, `${slug(pathname)}-${viewport.width}.png`)
      await page.screenshot({ path: file, fullPage: true })
      bytes += fs.statSync(file).size
      console.log(`${viewport.label.padEnd(7)} ${String(viewport.width).padStart(4)} px  ${pathname}`)
    }
    await context.close()
  }
  console.log(
    `\n${paths.length * widths.length} screenshots (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${path.relative(root, outDir)}/`,
  )
} finally {
  await browser?.close()
  await server.stop()
}
