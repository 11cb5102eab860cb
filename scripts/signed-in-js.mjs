// `node scripts/signed-in-js.mjs` (after `npm run build`): the JavaScript the signed-in pages load,
// on a built server of its own, printed a page a line. The measuring is scripts/lib/signed-in-js.mjs,
// which `npm run bench` runs too (its signed-in-js step). Target (issue 18): ≤ 100 KB gzip.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startBuiltServer } from './lib/server-process.mjs'
import { measureSignedInJs, signedInJsMet } from './lib/signed-in-js.mjs'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-signed-in-js-'))
const server = await startBuiltServer({ label: 'signed-in-js', dataDir })
let rows = []
try {
  rows = await measureSignedInJs(server.url, dataDir)
} finally {
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

for (const row of rows) {
  const kb = row.bytes / 1024
  const landed = row.landedOn === row.path ? '' : ` (landed on ${row.landedOn})`
  console.log(
    `${signedInJsMet(row) ? '✔' : '✖'} ${row.path.padEnd(11)} ${kb.toFixed(1).padStart(6)} KB gzip in ${row.count} scripts${landed}`,
  )
}
process.exitCode = rows.every(signedInJsMet) ? 0 : 1
