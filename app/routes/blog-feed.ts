import { appContext } from '~/context.server'
import { nextScheduledPublication } from '../../server/blog/blog.server.ts'
import { blogFeed, type FeedKind, feedContentTypes } from '../../server/blog/feed.server.ts'
import type { Route } from './+types/blog-feed'

// /blog/rss.xml (RSS 2.0) and /blog/atom.xml (Atom 1.0): the newest public posts, for feed readers.
// Linked from the blog pages with <link rel="alternate">.

const feedMaxAgeSeconds = 300

// A database that does not answer is the outage rule's 503 (every loader has it); any other error is a bug.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config } = context.get(appContext)
  const kind: FeedKind = new URL(request.url).pathname.endsWith('/atom.xml') ? 'atom' : 'rss'
  const now = new Date()
  const xml = await blogFeed(database.db, config.publicUrl, kind, now)
  // Short-lived: a new post should reach readers' apps within minutes, and a scheduled one at its
  // time, so a copy is never kept past the next scheduled publication.
  const next = await nextScheduledPublication(database.db, now)
  const maxAge = Math.min(
    feedMaxAgeSeconds,
    next ? Math.max(0, Math.ceil((next.getTime() - now.getTime()) / 1000)) : Infinity,
  )
  return new Response(xml, {
    headers: { 'Content-Type': feedContentTypes[kind], 'Cache-Control': `public, max-age=${maxAge}` },
  })
}
