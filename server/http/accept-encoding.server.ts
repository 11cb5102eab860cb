/** How much the client wants each coding (RFC 9110 §12.5.3: q=0 refuses it, `*` covers the unnamed). */
function encodingScore(acceptEncoding: string): (name: string) => number {
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  return (name) => accepted.get(name) ?? accepted.get('*') ?? 0
}

type Choice = { best: 'br' | 'gzip' | undefined; gzip: boolean }

/**
 * The choices made for the Accept-Encoding values seen lately: browsers send a handful of distinct
 * values, and the hashed assets and cached pages are answered at tens of thousands a second, so each
 * value is parsed once rather than per request. Bounded (emptied when full), since the header is
 * the client's to write.
 */
const seen = new Map<string, Choice>()
const SEEN_MAX = 64

function choiceFor(acceptEncoding: string): Choice {
  let choice = seen.get(acceptEncoding)
  if (!choice) {
    const score = encodingScore(acceptEncoding)
    const gzip = score('gzip') > 0
    choice = { best: score('br') > 0 ? 'br' : gzip ? 'gzip' : undefined, gzip }
    if (seen.size >= SEEN_MAX) seen.clear()
    seen.set(acceptEncoding, choice)
  }
  return choice
}

/**
 * Which of a hashed asset's files built at build time (.br, .gz) to send: br over gzip when the
 * client accepts both (and neither is refused with q=0). Dynamic answers are compressed by hono's
 * compress() in app.server.ts.
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  return acceptEncoding ? choiceFor(acceptEncoding).best : undefined
}

/** True when the client accepts gzip (whether or not it would rather have br): cached pages are sent gzip. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding ? choiceFor(acceptEncoding).gzip : false
}
