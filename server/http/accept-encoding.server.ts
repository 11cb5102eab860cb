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

/**
 * Which of a hashed asset's files built at build time (.br, .gz) to send: br over gzip when the
 * client accepts both (and neither is refused with q=0). Dynamic answers are compressed by hono's
 * compress() in app.server.ts.
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined
  const score = encodingScore(acceptEncoding)
  if (score('br') > 0) return 'br'
  if (score('gzip') > 0) return 'gzip'
  return undefined
}

/** True when the client accepts gzip (whether or not it would rather have br): cached pages are sent gzip. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding ? encodingScore(acceptEncoding)('gzip') > 0 : false
}
