import { describe, expect, it, vi } from 'vitest'
import { industries, services } from '~/content/catalog'
import { publicPages } from '~/content/sitemap'
import type { AppContext } from '~/context.server'
import { collectSitemapEntries, renderRobots, renderSitemap } from './sitemap.server'

const contextWithLog = () => {
  const warn = vi.fn()
  return { context: { log: { warn } } as unknown as AppContext, warn }
}

describe('sitemap registry', () => {
  it('lists every public page with a fixed address', () => {
    const paths = publicPages.map((p) => p.path)
    expect(paths).toEqual(expect.arrayContaining(['/', '/promotional-offer', '/privacy', '/terms']))
    for (const page of [...services, ...industries]) expect(paths).toContain(page.path)
    expect(paths).not.toContain('/homeowner-intake')
  })

  it('adds the pages of providers, skips duplicates, and leaves out a provider that fails', async () => {
    const { context, warn } = contextWithLog()
    const entries = await collectSitemapEntries(context, [
      {
        name: 'locations',
        entries: async () => [{ path: '/locations/suffern-ny', lastmod: '2026-11-01' }, { path: '/' }],
      },
      {
        name: 'blog',
        entries: async () => {
          throw new Error('database down')
        },
      },
    ])
    expect(entries.map((e) => e.path)).toEqual([...publicPages.map((p) => p.path), '/locations/suffern-ny'])
    expect(warn).toHaveBeenCalledOnce()
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ provider: 'blog' })
  })

  it('renders sitemap XML with absolute, escaped URLs', () => {
    const xml = renderSitemap('https://www.example.com', [
      { path: '/', changefreq: 'weekly', priority: 1 },
      { path: '/blog/a&b', lastmod: '2026-11-01' },
    ])
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).toContain(
      '<url><loc>https://www.example.com/</loc><changefreq>weekly</changefreq><priority>1.0</priority></url>',
    )
    expect(xml).toContain('<loc>https://www.example.com/blog/a&amp;b</loc><lastmod>2026-11-01</lastmod>')
  })

  it('renders robots.txt that keeps crawlers out of private areas and points to the sitemap', () => {
    const robots = renderRobots('https://www.example.com')
    for (const path of ['/dashboard', '/admin', '/billing', '/setup-account', '/portal', '/api/']) {
      expect(robots).toContain(`Disallow: ${path}\n`)
    }
    expect(robots).toContain('Sitemap: https://www.example.com/sitemap.xml')
  })
})
