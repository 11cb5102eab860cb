import type { NonceTemplate } from './nonce-template.server.ts'

/**
 * What a content change can affect. `all` is for changes that touch every page (a demo seed that
 * inserted content, or an operator's manual clear).
 */
export type ContentScope = 'blog' | 'locations' | 'all'

/** The scope of one cached page: the content it shows, or `fixed` (changes only with a deploy). */
export type PageScope = Exclude<ContentScope, 'all'> | 'fixed'

export const contentScopes: readonly ContentScope[] = ['blog', 'locations', 'all']

export type CachedPage = {
  scope: PageScope
  status: 200
  /** The route's own response headers (Content-Type…), without per-response or length headers. */
  headers: ReadonlyArray<readonly [string, string]>
  body: NonceTemplate
  /** Epoch ms after which the page is rendered again (a scheduled post, the footer's year). */
  expiresAt: number
}

export type PageCacheStats = {
  enabled: boolean
  entries: number
  bytes: number
  hits: number
  stores: number
  invalidations: number
}

/**
 * The public pages of this process (anonymous, and per account variant for signed-in visitors: ADR
 * 040), rendered once and kept until their content changes.
 *
 * Correctness rests on two things. Every content change reaches `invalidate` on every process
 * (server/page-cache/invalidation.server.ts); while that path is down the cache is disabled, so it
 * neither serves nor stores. And a page rendered while an invalidation happened is never stored:
 * a fill takes a ticket (the invalidation count) before rendering and is refused when the count
 * moved meanwhile, since the render may have read the content from before the change.
 */
export class PageCache {
  readonly maxBytes: number
  private readonly entries = new Map<string, CachedPage & { bytes: number }>()
  private bytes = 0
  private generation = 0
  private enabled = false
  private counters = { hits: 0, stores: 0, invalidations: 0 }
  private readonly now: () => number

  constructor(options: { maxBytes: number; now?: () => number }) {
    this.maxBytes = options.maxBytes
    this.now = options.now ?? Date.now
  }

  /** The page stored under `key`, unless the cache is disabled or the page has expired. */
  get(key: string): CachedPage | undefined {
    if (!this.enabled) return undefined
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.remove(key)
      return undefined
    }
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key)
    this.entries.set(key, entry)
    this.counters.hits += 1
    return entry
  }

  /** Taken before rendering a page that may be stored; `store` refuses it if anything changed since. */
  ticket(): number {
    return this.generation
  }

  /** Stores a page rendered under `ticket`; false when refused (disabled, invalidated since, too big). */
  store(key: string, ticket: number, page: CachedPage): boolean {
    if (!this.enabled || ticket !== this.generation || page.expiresAt <= this.now()) return false
    const bytes = page.body.rawLength + page.body.gzipLength + key.length
    if (bytes > this.maxBytes) return false
    this.remove(key)
    while (this.bytes + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.remove(oldest.value)
    }
    this.entries.set(key, { ...page, bytes })
    this.bytes += bytes
    this.counters.stores += 1
    return true
  }

  /** Empties the pages that show content of `scope` (every page for `all`). */
  invalidate(scope: ContentScope): void {
    this.generation += 1
    this.counters.invalidations += 1
    for (const [key, entry] of this.entries) {
      if (scope === 'all' || entry.scope === scope) this.remove(key)
    }
  }

  /**
   * Serving from memory is allowed only while invalidations are known to arrive. Both switches
   * empty the cache: changes made while disabled were never heard of.
   */
  setEnabled(enabled: boolean): void {
    this.invalidate('all')
    this.enabled = enabled
  }

  isEnabled(): boolean {
    return this.enabled
  }

  stats(): PageCacheStats {
    return { enabled: this.enabled, entries: this.entries.size, bytes: this.bytes, ...this.counters }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }
}
