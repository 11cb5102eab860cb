import { describe, expect, it } from 'vitest'
import { publicPages } from '../../app/content/sitemap'
import { demoBlogPosts } from '../../server/blog/demo-posts.server.ts'
import { demoLocations } from '../../server/db/seed.server.ts'
import { baseURL } from './helpers/browser'
import { marketingPages } from './helpers/marketing'

type Head = { html: string; csp: string }

async function load(path: string): Promise<Head> {
  const res = await fetch(`${baseURL()}${path}`)
  expect(res.status, path).toBe(200)
  return { html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' }
}

const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1]
const decode = (s: string | undefined) =>
  s
    ?.replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
const metaContent = (html: string, key: string) =>
  decode(attr(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`)))

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => {
    const body = m[1] ?? ''
    // `<` is escaped, so nothing inside can end the script or open a comment.
    expect(body).not.toContain('<')
    return JSON.parse(body)
  })
}

const typesOf = (blocks: Array<Record<string, unknown>>) => blocks.flatMap((b) => [b['@type']].flat())

describe('search engine metadata', () => {
  it('gives every page a unique title and description, a canonical URL, Open Graph and Twitter tags', async () => {
    const titles = new Set<string>()
    const descriptions = new Set<string>()
    for (const { path } of marketingPages) {
      const { html } = await load(path)
      const title = decode(attr(html, /<title>([^<]*)<\/title>/)) ?? ''
      const description = metaContent(html, 'description') ?? ''
      expect(title, path).toMatch(/Ramapo IT Services/)
      expect(description.length, path).toBeGreaterThan(50)
      titles.add(title)
      descriptions.add(description)
      const url = `${baseURL()}${path}`
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/), path).toBe(url)
      expect(metaContent(html, 'og:url'), path).toBe(url)
      expect(metaContent(html, 'og:title'), path).toBe(title)
      expect(metaContent(html, 'og:description'), path).toBe(description)
      expect(metaContent(html, 'twitter:card'), path).toBe('summary')
      expect(metaContent(html, 'twitter:title'), path).toBe(title)
      expect(metaContent(html, 'twitter:description'), path).toBe(description)
      expect(html, path).not.toContain('name="robots" content="noindex"')
    }
    expect(titles.size).toBe(marketingPages.length)
    expect(descriptions.size).toBe(marketingPages.length)
  })

  it('carries parseable JSON-LD with the CSP nonce: business, services, FAQs and breadcrumbs', async () => {
    for (const { path } of marketingPages) {
      const { html, csp } = await load(path)
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
      for (const tag of html.matchAll(/<script\b([^>]*)>/g)) expect(tag[1], path).toContain(`nonce="${nonce}"`)
      const types = typesOf(jsonLd(html))
      if (path === '/') {
        expect(types).toEqual(expect.arrayContaining(['LocalBusiness', 'ProfessionalService']))
        continue
      }
      expect(types, path).toContain('BreadcrumbList')
      if (path.startsWith('/services/')) expect(types, path).toEqual(expect.arrayContaining(['Service', 'FAQPage']))
      if (path.startsWith('/industries/')) expect(types, path).toContain('FAQPage')
    }
  })

  it('describes the business with NAP, area served, hours and price range', async () => {
    const [business] = jsonLd((await load('/')).html).filter((b) => [b['@type']].flat().includes('LocalBusiness'))
    expect(business).toMatchObject({
      name: 'Ramapo IT Services',
      telephone: '+18455550142',
      address: { streetAddress: '25 Lafayette Avenue, Suite 2', addressLocality: 'Suffern', addressRegion: 'NY' },
      areaServed: [
        { '@type': 'State', name: 'New York' },
        { '@type': 'State', name: 'New Jersey' },
      ],
      priceRange: '$40-$100/user/mo',
      url: `${baseURL()}/`,
    })
    expect(business?.openingHoursSpecification).toHaveLength(1)
  })
})

describe('sitemap and robots', () => {
  it('lists every public page in /sitemap.xml with absolute URLs', async () => {
    const res = await fetch(`${baseURL()}/sitemap.xml`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    const xml = await res.text()
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    // Fixed pages plus the published demo towns (the unpublished one stays out) and blog posts.
    const towns = demoLocations.filter((town) => town.isPublished).map((town) => `/${town.slug}`)
    expect(towns).toContain('/it-support-suffern-ny')
    const posts = demoBlogPosts.map((post) => `/blog/${post.slug}`)
    const expected = [...publicPages.map((p) => p.path), ...towns, ...posts].map((p) => `${baseURL()}${p}`)
    for (const url of expected) expect(locs).toContain(url)
    // Other suites on the same server publish town pages and posts of their own meanwhile: any
    // further address must be such a page, public at this moment.
    for (const url of locs.filter((loc) => loc !== undefined && !expected.includes(loc))) {
      expect(url).toMatch(/\/(it-support-[a-z0-9-]+|blog\/[a-z0-9-]+)$/)
      expect((await fetch(url ?? '', { redirect: 'manual' })).status, url).toBe(200)
    }
    expect(new Set(locs).size, 'no address twice').toBe(locs.length)
    for (const page of marketingPages) expect(locs).toContain(`${baseURL()}${page.path}`)
  })

  it('serves /robots.txt that disallows private areas and points to the sitemap', async () => {
    const res = await fetch(`${baseURL()}/robots.txt`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const text = await res.text()
    for (const path of ['/dashboard', '/admin', '/billing', '/setup-account', '/portal', '/api/']) {
      expect(text).toContain(`Disallow: ${path}\n`)
    }
    expect(text).toContain(`Sitemap: ${baseURL()}/sitemap.xml`)
  })
})
