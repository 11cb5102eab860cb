import { describe, expect, it } from 'vitest'
import { nonceTemplate } from './nonce-template.server.ts'
import { type CachedPage, PageCache, type PageScope } from './page-cache.server.ts'

const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA=='

function page(scope: PageScope, text: string, expiresAt = Number.MAX_SAFE_INTEGER): CachedPage {
  return {
    scope,
    status: 200,
    headers: [['Content-Type', 'text/html; charset=utf-8']],
    body: nonceTemplate(Buffer.from(`<script nonce="${NONCE}"></script>${text}`), NONCE),
    expiresAt,
  }
}

function enabledCache(maxBytes = 1024 * 1024, now = () => 1_000) {
  const cache = new PageCache({ maxBytes, now })
  cache.setEnabled(true)
  return cache
}

const text = (cached: CachedPage | undefined) => (cached ? cached.body.raw(NONCE).toString() : null)

describe('the page cache', () => {
  it('keeps a page until its scope changes, and only that scope', () => {
    const cache = enabledCache()
    cache.store('/blog', cache.ticket(), page('blog', 'posts'))
    cache.store('/it-support-suffern-ny', cache.ticket(), page('locations', 'town'))
    cache.store('/', cache.ticket(), page('fixed', 'home'))
    expect(text(cache.get('/blog'))).toContain('posts')

    cache.invalidate('blog')
    expect(cache.get('/blog')).toBeUndefined()
    expect(text(cache.get('/it-support-suffern-ny'))).toContain('town')
    cache.invalidate('locations')
    expect(cache.get('/it-support-suffern-ny')).toBeUndefined()
    expect(text(cache.get('/'))).toContain('home')
    cache.invalidate('all')
    expect(cache.get('/')).toBeUndefined()
  })

  it('refuses a page rendered while any change happened: it may show the content from before', () => {
    const cache = enabledCache()
    const ticket = cache.ticket()
    cache.invalidate('locations')
    expect(cache.store('/blog', ticket, page('blog', 'stale'))).toBe(false)
    expect(cache.get('/blog')).toBeUndefined()
    expect(cache.store('/blog', cache.ticket(), page('blog', 'fresh'))).toBe(true)
  })

  it('serves and stores nothing while disabled, and comes back empty', () => {
    const cache = enabledCache()
    cache.store('/', cache.ticket(), page('fixed', 'home'))
    const ticket = cache.ticket()
    cache.setEnabled(false)
    expect(cache.get('/')).toBeUndefined()
    expect(cache.store('/', cache.ticket(), page('fixed', 'home'))).toBe(false)
    cache.setEnabled(true)
    expect(cache.get('/')).toBeUndefined()
    // A render begun before the listener came back may have missed a change: refused.
    expect(cache.store('/', ticket, page('fixed', 'home'))).toBe(false)
  })

  it('drops a page when it expires', () => {
    let now = 1_000
    const cache = enabledCache(1024 * 1024, () => now)
    cache.store('/blog', cache.ticket(), page('blog', 'posts', 2_000))
    expect(cache.get('/blog')).toBeDefined()
    now = 2_000
    expect(cache.get('/blog')).toBeUndefined()
    expect(cache.stats().entries).toBe(0)
    expect(cache.store('/blog', cache.ticket(), page('blog', 'posts', 1_500))).toBe(false)
  })

  it('stays within its memory, dropping the page used least recently', () => {
    const one = page('fixed', 'x'.repeat(3_000))
    const size = one.body.rawLength + one.body.gzipLength + 2
    const cache = enabledCache(size * 3)
    for (const key of ['/a', '/b', '/c']) cache.store(key, cache.ticket(), page('fixed', 'x'.repeat(3_000)))
    cache.get('/a')
    cache.store('/d', cache.ticket(), page('fixed', 'x'.repeat(3_000)))
    expect(cache.get('/b')).toBeUndefined()
    expect(cache.get('/a')).toBeDefined()
    expect(cache.get('/d')).toBeDefined()
    expect(cache.stats().bytes).toBeLessThanOrEqual(size * 3)
  })
})
