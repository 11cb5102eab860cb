/**
 * Which of a hashed asset's files built at build time (.br, .gz) to send: br over gzip when the
 * client accepts both (and neither is refused with q=0). Dynamic answers are compressed by hono's
 * compress() in app.server.ts.
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  const score = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (score('br') > 0) return 'br'
  if (score('gzip') > 0) return 'gzip'
  return undefined
}
