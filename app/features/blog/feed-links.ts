import type { MetaDescriptor } from 'react-router'
import { business } from '~/content/business'

type RootData = { publicUrl: string } | undefined

/** `<link rel="alternate">` to the blog's RSS and Atom feeds, for the blog's pages (feed readers find them there). */
export function feedLinks(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): MetaDescriptor[] {
  const base = (matches.find((m) => m?.id === 'root')?.loaderData as RootData)?.publicUrl ?? ''
  const title = `${business.name} blog`
  return [
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title, href: `${base}/blog/rss.xml` },
    { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title, href: `${base}/blog/atom.xml` },
  ]
}
