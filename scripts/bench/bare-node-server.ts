// The bare Node reference of the HTTP steps (scripts/bench/http.ts starts it in its own process): a
// `node:http` server answering the same bytes as ours from memory, nothing else, so the figure is
// Node's own ceiling for those bytes on this machine.
//   node scripts/bench/bare-node-server.ts <manifest.json> <port>
// The manifest lists, per path, the content type, the file of the plain body and, when ours compresses
// it, the encoding and the file of the compressed body (sent when Accept-Encoding names the encoding).
import fs from 'node:fs'
import http from 'node:http'

type Entry = { contentType: string; plain: string; encoded?: { encoding: string; file: string } }

const [manifestFile, port] = process.argv.slice(2)
if (!manifestFile || !port) throw new Error('usage: bare-node-server.ts <manifest.json> <port>')
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Entry>
const answers = new Map(
  Object.entries(manifest).map(([urlPath, entry]) => [
    urlPath,
    {
      contentType: entry.contentType,
      plain: fs.readFileSync(entry.plain),
      encoded: entry.encoded
        ? {
            encoding: entry.encoded.encoding,
            accepts: new RegExp(`(^|[\\s,])${entry.encoded.encoding}(\\s*;|\\s*,|\\s*$)`),
            body: fs.readFileSync(entry.encoded.file),
          }
        : undefined,
    },
  ]),
)

http
  .createServer((request, response) => {
    const answer = answers.get(request.url ?? '')
    if (!answer) {
      response.writeHead(404).end()
      return
    }
    const encoded = answer.encoded?.accepts.test(request.headers['accept-encoding'] ?? '') ? answer.encoded : undefined
    const body = encoded ? encoded.body : answer.plain
    response.writeHead(200, {
      'content-type': answer.contentType,
      'content-length': body.length,
      vary: 'Accept-Encoding',
      ...(encoded ? { 'content-encoding': encoded.encoding } : {}),
    })
    response.end(body)
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'))
