import fs from 'node:fs'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { chooseEncoding } from './accept-encoding.server.ts'

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

type Bytes = Uint8Array<ArrayBuffer>
type Asset = { type: string; raw: Bytes; br?: Bytes | undefined; gzip?: Bytes | undefined }

/** A copy in a plain ArrayBuffer (a Buffer may be a view into Node's shared pool). */
const readBytes = (file: string): Bytes => new Uint8Array(fs.readFileSync(file))

/**
 * Hashed build assets never change while the process runs, so they are read once at boot and
 * served from memory (with the .br/.gz the build wrote), before any per-request work such as
 * CSP nonces or logging. Unknown /assets/ paths are a plain 404, never the HTML page.
 */
export function immutableAssets(assetsDir: string): MiddlewareHandler {
  const assets = new Map<string, Asset>()
  const files = fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir, { recursive: true }).map(String) : []
  for (const name of files) {
    const file = path.join(assetsDir, name)
    if (/\.(br|gz)$/.test(name) || !fs.statSync(file).isFile()) continue
    const read = (suffix: string) => (fs.existsSync(file + suffix) ? readBytes(file + suffix) : undefined)
    assets.set(`/assets/${name.split(path.sep).join('/')}`, {
      type: types[path.extname(name)] ?? 'application/octet-stream',
      raw: readBytes(file),
      br: read('.br'),
      gzip: read('.gz'),
    })
  }
  return async (c) => {
    const asset = assets.get(c.req.path)
    if (!asset || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) {
      return c.text('Not found', 404, { 'X-Content-Type-Options': 'nosniff' })
    }
    const encoding = asset.br || asset.gzip ? chooseEncoding(c.req.header('Accept-Encoding')) : undefined
    const body = encoding === 'br' && asset.br ? asset.br : encoding === 'gzip' && asset.gzip ? asset.gzip : asset.raw
    const headers: Record<string, string> = {
      'Content-Type': asset.type,
      'Content-Length': String(body.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-origin',
    }
    if (asset.br || asset.gzip) headers.Vary = 'Accept-Encoding'
    if (body !== asset.raw) headers['Content-Encoding'] = encoding as string
    if (c.req.method === 'HEAD') return c.body(null, 200, headers)
    return c.body(body, 200, headers)
  }
}
