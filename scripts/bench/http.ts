// Section 2 of `npm run bench`: HTTP throughput and latency of the anonymous pages and a hashed asset,
// with two references answering the same bytes in the same run: a bare `node:http` server with them in
// memory (Node's own ceiling here) and nginx with gzip_static (the generator's ceiling: were wrk the
// bottleneck, nginx would show it first). Each target is measured as browsers ask
// (Accept-Encoding: gzip, deflate, br) and once without Accept-Encoding; rounds alternate the three
// servers so that a busy moment of the shared machine weighs on all of them.
import { median } from './lib.ts'
import { ensureNginx, type Reference, type StaticFile, startBareNode, startNginx } from './references.ts'
import { browserAcceptEncoding, ensureWrk, type LoadResult, rawGet, wrk } from './wrk.ts'

export type Summary = { rps: number; p50: number; p99: number; errors: number }
export type ThroughputRow = {
  target: string
  /** The Accept-Encoding sent ('' for none) and the Content-Encoding ours answered with. */
  acceptEncoding: string
  contentEncoding: string
  bytes: number
  ours: Summary
  bareNode: Summary | null
  nginx: Summary | null
  /** ours / bare Node and ours / nginx, requests per second. */
  vsBareNode: number | null
  vsNginx: number | null
}

export type HttpSettings = {
  rounds: number
  duration: number
  connections: number
  /**
   * The smoke run (--quick): each target once, as browsers ask and without Accept-Encoding in turn
   * (both paths still run, on different targets); the full run measures every target both ways.
   */
  oneWayPerTarget?: boolean
}

export function summarize(runs: LoadResult[]): Summary {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
  }
}

const ratio = (a: number, b: number | undefined) => (b ? Math.round((a / b) * 1000) / 1000 : null)

/** The targets: a hashed stylesheet (a script when the page links none), the home page, a town page. */
async function targetsOf(base: string, notes: string[]) {
  const home = (await rawGet(`${base}/`, { 'accept-encoding': 'identity' })).body.toString()
  // The scripts are named in the inline loader script (docs/frontend-performance.md), not in href.
  const css = /["'](\/assets\/[^"'\\]+\.css)["']/.exec(home)?.[1]
  const js = /["'](\/assets\/[^"'\\]+\.js)["']/.exec(home)?.[1]
  const asset = css ?? js
  if (!asset) throw new Error('no hashed asset found in the home page')
  const targets = [
    {
      name: css ? 'hashed CSS' : 'hashed script',
      path: asset,
      contentType: css ? 'text/css' : 'application/javascript',
    },
    { name: 'home page', path: '/', contentType: 'text/html' },
  ]
  const location = '/it-support-suffern-ny'
  const status = (await rawGet(`${base}${location}`)).status
  if (status === 200) targets.push({ name: 'town page', path: location, contentType: 'text/html' })
  else notes.push(`town page ${location} answered ${status}; not measured`)
  return targets
}

export async function throughput(base: string, settings: HttpSettings, notes: string[]): Promise<ThroughputRow[]> {
  const wrkBin = ensureWrk()
  if (!wrkBin) throw new Error('wrk is not installed and could not be installed (run the bench as root once)')
  const targets = await targetsOf(base, notes)
  // Same bytes for every server: what ours sends, plain and to a browser's Accept-Encoding.
  const files: Record<string, StaticFile> = {}
  for (const t of targets) {
    const plain = await rawGet(`${base}${t.path}`, { 'accept-encoding': 'identity' })
    const browser = await rawGet(`${base}${t.path}`, { 'accept-encoding': browserAcceptEncoding })
    const encoding = String(browser.headers['content-encoding'] ?? '')
    files[t.path] = {
      body: plain.body,
      contentType: t.contentType,
      ...(encoding ? { encoded: { encoding, body: browser.body } } : {}),
    }
  }
  const references: Reference[] = []
  try {
    references.push(await startBareNode(files))
    const nginxBin = ensureNginx()
    if (nginxBin) references.push(await startNginx(nginxBin, files))
    else notes.push('nginx is not installed and could not be installed: no generator ceiling')
    const rows: ThroughputRow[] = []
    for (const [index, t] of targets.entries()) {
      const ways = [browserAcceptEncoding, '']
      for (const acceptEncoding of settings.oneWayPerTarget ? [ways[index % 2] ?? ''] : ways) {
        const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}
        const runs = new Map<string, LoadResult[]>()
        for (let i = 0; i < settings.rounds; i++) {
          for (const [name, url] of [['ours', base], ...references.map((r) => [r.name, r.url])] as const) {
            const result = await wrk(wrkBin, `${url}${t.path}`, {
              connections: settings.connections,
              duration: settings.duration,
              headers,
            })
            runs.set(name, [...(runs.get(name) ?? []), result])
          }
        }
        const of = (name: string) => {
          const r = runs.get(name)
          return r ? summarize(r) : null
        }
        const ours = of('ours') as Summary
        const bareNode = of('bare Node')
        const nginx = of('nginx')
        const file = files[t.path]
        const sent = acceptEncoding && file?.encoded ? file.encoded : undefined
        rows.push({
          target: t.name,
          acceptEncoding,
          contentEncoding: sent?.encoding ?? '',
          bytes: (sent ? sent.body : file?.body)?.length ?? 0,
          ours,
          bareNode,
          nginx,
          vsBareNode: ratio(ours.rps, bareNode?.rps),
          vsNginx: ratio(ours.rps, nginx?.rps),
        })
        process.stdout.write(
          `http ${t.name} (${acceptEncoding || 'no Accept-Encoding'}): ours ${ours.rps}, bare Node ${bareNode?.rps}, nginx ${nginx?.rps ?? 'n/a'} req/s\n`,
        )
      }
    }
    return rows
  } finally {
    for (const r of references) await r.stop()
  }
}
