import type { MetaDescriptor } from 'react-router'
import { business } from '~/content/business'

type RootData = { publicUrl: string } | undefined

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function pageMeta(options: {
  title: string
  description: string
  path: string
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>
  noindex?: boolean
  /** Open Graph type: "website" (default) or "article" (blog posts). */
  type?: 'website' | 'article'
}): MetaDescriptor[] {
  const root = options.matches.find((m) => m?.id === 'root')?.loaderData as RootData
  const base = root?.publicUrl ?? ''
  const url = `${base}${options.path}`
  const title = options.title.includes(business.name) ? options.title : `${options.title} | ${business.name}`
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: options.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: title },
    { property: 'og:description', content: options.description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: options.type ?? 'website' },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: options.description },
  ]
  if (options.noindex) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}
