import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { publicFiles, readPublicPaths } from './public-files.server.ts'

// A built client in a temporary folder, with a secret beside it (outside the root).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-files-'))
const root = path.join(dir, 'client')
fs.mkdirSync(path.join(root, 'assets'), { recursive: true })
fs.mkdirSync(path.join(root, 'docs'), { recursive: true })
fs.writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n')
fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)')
fs.writeFileSync(path.join(root, 'docs', 'index.html'), '<p>docs</p>')
fs.writeFileSync(path.join(dir, 'secret.txt'), 'not public')
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const cacheControl = { 'Cache-Control': 'public, max-age=3600' }

/** An app with the public files in front of a "page" that answers every other path. */
function appWith(files: MiddlewareHandler) {
  const app = new Hono()
  app.use('*', files)
  app.all('*', (c) => c.text(`page ${c.req.path}`))
  return app
}

async function answer(app: Hono, target: string, method = 'GET', headers: Record<string, string> = {}) {
  const res = await app.request(`http://localhost${target}`, { method, headers })
  const picked = ['content-type', 'content-length', 'cache-control', 'last-modified', 'content-range', 'accept-ranges']
  return {
    status: res.status,
    headers: Object.fromEntries(picked.map((name) => [name, res.headers.get(name)])),
    body: await res.text(),
  }
}

describe('public files from the set read at boot', () => {
  it('holds every file and every folder with an index.html, nothing else', () => {
    expect([...readPublicPaths(root)].sort()).toEqual([
      '/assets/app-abc123.js',
      '/docs',
      '/docs/index.html',
      '/favicon.svg',
      '/robots.txt',
    ])
  })

  it('answers every path exactly as serveStatic on the same folder', async () => {
    const ours = appWith(publicFiles(root, cacheControl))
    const theirs = appWith(serveStatic({ root }))
    /** serveStatic's answer with the Cache-Control ours adds to a file it answers (200, 206, 416). */
    const expected = async (target: string, method: string, headers: Record<string, string> = {}) => {
      const res = await answer(theirs, target, method, headers)
      const file = res.headers['last-modified'] !== null
      return { ...res, headers: { ...res.headers, 'cache-control': file ? cacheControl['Cache-Control'] : null } }
    }
    const targets = [
      '/robots.txt',
      '/favicon.svg',
      '/assets/app-abc123.js',
      '/docs',
      '/docs/',
      '/robots.txt/',
      '/',
      '/dashboard',
      '/billing/invoices',
      '/assets',
      '/ROBOTS.TXT',
      '/robots%2etxt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%E0%A4%A',
    ]
    for (const target of targets) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        expect(await answer(ours, target, method), `${method} ${target}`).toEqual(await expected(target, method))
      }
    }
    const range = { Range: 'bytes=0-3' }
    expect(await answer(ours, '/robots.txt', 'GET', range)).toEqual(await expected('/robots.txt', 'GET', range))
    expect((await answer(ours, '/robots.txt', 'GET', range)).status).toBe(206)
  })

  it('serves a public file with its headers', async () => {
    const res = await answer(appWith(publicFiles(root, cacheControl)), '/robots.txt')
    expect(res.status).toBe(200)
    expect(res.body).toBe('User-agent: *\n')
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
  })

  it('never refers to the disk for a path outside the set: a file that appears later is not served', async () => {
    const app = appWith(publicFiles(root, cacheControl))
    fs.writeFileSync(path.join(root, 'dashboard'), 'a file where a page is')
    try {
      expect(await answer(app, '/dashboard')).toMatchObject({ status: 200, body: 'page /dashboard' })
      // serveStatic, which stats every path, would have answered the file.
      const statting = appWith(serveStatic({ root }))
      expect(await answer(statting, '/dashboard')).toMatchObject({ status: 200, body: 'a file where a page is' })
    } finally {
      fs.rmSync(path.join(root, 'dashboard'))
    }
  })

  it('refuses to leave the folder', async () => {
    const app = appWith(publicFiles(root, cacheControl))
    for (const target of [
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..\\secret.txt',
    ]) {
      expect((await answer(app, target)).body, target).not.toContain('not public')
    }
  })
})
