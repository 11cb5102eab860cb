import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
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

type Variant = { body: Buffer; headers: string[] }
type Asset = { raw: Variant; br?: Variant | undefined; gzip?: Variant | undefined }

const notFoundBody = Buffer.from('Not found')
const notFoundHeaders = [
  'Content-Type',
  'text/plain; charset=UTF-8',
  'Content-Length',
  String(notFoundBody.length),
  'X-Content-Type-Options',
  'nosniff',
]

/**
 * Hashed build assets never change while the process runs, so they are read once at boot (with the
 * .br/.gz the build wrote) and answered from memory with headers prepared then, by the server's
 * listener before any of the app's per-request work such as CSP nonces or logging. Unknown
 * /assets/ paths are a plain 404, never the HTML page.
 */
export function loadAssets(assetsDir: string): (req: IncomingMessage, res: ServerResponse) => void {
  const assets = new Map<string, Asset>()
  const files = fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir, { recursive: true }).map(String) : []
  for (const name of files) {
    const file = path.join(assetsDir, name)
    if (/\.(br|gz)$/.test(name) || !fs.statSync(file).isFile()) continue
    const type = types[path.extname(name)] ?? 'application/octet-stream'
    const br = fs.existsSync(`${file}.br`)
    const gzip = fs.existsSync(`${file}.gz`)
    const variant = (suffix: string, encoding?: string): Variant => {
      const body = fs.readFileSync(file + suffix)
      const headers = [
        'Content-Type',
        type,
        'Content-Length',
        String(body.length),
        'Cache-Control',
        'public, max-age=31536000, immutable',
        'X-Content-Type-Options',
        'nosniff',
        'Cross-Origin-Resource-Policy',
        'same-origin',
      ]
      if (br || gzip) headers.push('Vary', 'Accept-Encoding')
      if (encoding) headers.push('Content-Encoding', encoding)
      return { body, headers }
    }
    assets.set(`/assets/${name.split(path.sep).join('/')}`, {
      raw: variant(''),
      br: br ? variant('.br', 'br') : undefined,
      gzip: gzip ? variant('.gz', 'gzip') : undefined,
    })
  }
  return (req, res) => {
    const url = req.url ?? ''
    const query = url.indexOf('?')
    const asset = assets.get(query === -1 ? url : url.slice(0, query))
    if (!asset || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, notFoundHeaders)
      res.end(req.method === 'HEAD' ? undefined : notFoundBody)
      return
    }
    const encoding = asset.br || asset.gzip ? chooseEncoding(req.headers['accept-encoding']) : undefined
    const variant = (encoding === 'br' && asset.br) || (encoding === 'gzip' && asset.gzip) || asset.raw
    res.writeHead(200, variant.headers)
    res.end(req.method === 'HEAD' ? undefined : variant.body)
  }
}
