import { appContext } from '~/context.server'
import { collectSitemapEntries, renderSitemap } from '~/lib/sitemap.server'
import type { Route } from './+types/sitemap-xml'

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext)
  const entries = await collectSitemapEntries(app)
  return new Response(renderSitemap(app.config.publicUrl, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
