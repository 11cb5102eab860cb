// Writes .br and .gz beside every text asset of the client build, so the server sends hashed
// assets compressed without spending CPU per request.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const root = path.resolve('build/client/assets')
const text = /\.(js|mjs|css|svg|json|txt|map|html)$/
let count = 0
for (const name of fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }) : []) {
  const file = path.join(root, String(name))
  if (!text.test(file) || !fs.statSync(file).isFile()) continue
  const body = fs.readFileSync(file)
  if (body.length < 512) continue
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }))
  count++
}
console.log(`precompressed ${count} assets (br, gzip)`)
