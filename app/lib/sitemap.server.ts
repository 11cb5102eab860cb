/**
 * The one registry behind /sitemap.xml and /robots.txt: the fixed public pages of
 * app/content/sitemap.ts plus providers for pages that come from the database.
 */

import { disallowedPaths, publicPages, type SitemapEntry } from '~/content/sitemap'
import type { AppContext } from '~/context.server'
import { publishedPostPaths } from '../../server/blog/blog.server.ts'
import { publishedLocationPaths } from '../../server/locations/locations.server.ts'

export type SitemapProvider = {
  /** Shown in the log when the provider fails. */
  name: string
  entries: (context: AppContext) => Promise<readonly SitemapEntry[]>
}

/** One provider per kind of page whose addresses come from the database: towns and blog posts. */
export const sitemapProviders: SitemapProvider[] = [
  {
    name: 'locations',
    entries: async ({ database }) =>
      (await publishedLocationPaths(database.db)).map(({ path, updatedAt }) => ({
        path,
        lastmod: updatedAt.toISOString().slice(0, 10),
        changefreq: 'monthly' as const,
        priority: 0.7,
      })),
  },
  {
    name: 'blog posts',
    entries: async ({ database }) =>
      (await publishedPostPaths(database.db)).map(({ path, updatedAt }) => ({
        path,
        lastmod: updatedAt.toISOString().slice(0, 10),
        changefreq: 'yearly' as const,
        priority: 0.6,
      })),
  },
]

/** Fixed pages first, then each provider's; a failing provider is logged and left out. */
export async function collectSitemapEntries(
  context: AppContext,
  providers: readonly SitemapProvider[] = sitemapProviders,
): Promise<SitemapEntry[]> {
  const results = await Promise.all(
    providers.map(async (provider) => {
      try {
        return await provider.entries(context)
      } catch (error) {
        context.log.warn({ err: error, provider: provider.name }, 'sitemap provider failed; its pages are left out')
        return []
      }
    }),
  )
  const seen = new Set<string>()
  const entries: SitemapEntry[] = []
  for (const entry of [...publicPages, ...results.flat()]) {
    if (seen.has(entry.path)) continue
    seen.add(entry.path)
    entries.push(entry)
  }
  return entries
}

const xmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

export function renderSitemap(baseUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const parts = [`<loc>${xmlEscape(`${baseUrl}${entry.path}`)}</loc>`]
    if (entry.lastmod) parts.push(`<lastmod>${xmlEscape(entry.lastmod)}</lastmod>`)
    if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`)
    if (entry.priority !== undefined) parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`)
    return `  <url>${parts.join('')}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export function renderRobots(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
