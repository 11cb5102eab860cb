import { redirect } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { locationCopy } from '~/features/locations/page-copy'
import { TownPage } from '~/features/locations/town-page'
import { publicPageHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import { findPublishedLocation } from '../../server/locations/locations.server.ts'
import { missingPage } from '../../server/redirects/redirects.server.ts'
import type { Route } from './+types/location'

// /{slug}: a published town page. An old address of a town → 301 to its new one (looked up only
// here, on the miss path, so cached pages never pay for it); unknown, unpublished or failing → /404.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, log } = context.get(appContext)
  let location: Awaited<ReturnType<typeof findPublishedLocation>>
  try {
    location = await findPublishedLocation(database.db, params.slug)
  } catch (error) {
    log.warn({ err: error, slug: params.slug }, 'location page failed; sending the visitor to /404')
    throw redirect('/404')
  }
  if (!location) throw await missingPage(database.db, `/${params.slug}`, log)
  return { slug: location.slug, copy: locationCopy(location), town: location.town, state: location.state }
}

/** A public page: without the app's JavaScript, the same for every visitor but for the account menu (lib/islands-mode.ts). */
export const handle = publicPageHandle

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: `Page not found | ${business.name}` }]
  const { copy, slug } = loaderData
  const tags = pageMeta({ title: copy.title, description: copy.description, path: `/${slug}`, matches })
  return copy.keywords ? [...tags, { name: 'keywords', content: copy.keywords }] : tags
}

export default function LocationPage({ loaderData }: Route.ComponentProps) {
  return <TownPage {...loaderData} />
}
