import { industries, services } from './catalog'

/** One URL of /sitemap.xml; `path` starts with "/", `lastmod` is a date (YYYY-MM-DD) or ISO time. */
export type SitemapEntry = {
  path: string
  lastmod?: string
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly'
  priority?: number
}

/**
 * Every public page with a fixed address (the blog's list at /blog among them). Pages that come
 * from the database (town pages, blog posts) are added through a provider in
 * app/lib/sitemap.server.ts instead.
 */
export const publicPages: readonly SitemapEntry[] = [
  { path: '/', changefreq: 'weekly', priority: 1 },
  ...services.map((s) => ({ path: s.path, changefreq: 'monthly' as const, priority: 0.9 })),
  ...industries.map((i) => ({ path: i.path, changefreq: 'monthly' as const, priority: 0.8 })),
  { path: '/book', changefreq: 'monthly', priority: 0.9 },
  { path: '/promotional-offer', changefreq: 'monthly', priority: 0.7 },
  { path: '/blog', changefreq: 'weekly', priority: 0.6 },
  { path: '/privacy', changefreq: 'yearly', priority: 0.3 },
  { path: '/terms', changefreq: 'yearly', priority: 0.3 },
]

/** Areas search engines must not crawl (robots.txt). */
export const disallowedPaths: readonly string[] = [
  '/dashboard',
  '/admin',
  '/billing',
  '/setup-account',
  '/portal',
  '/api/',
]
