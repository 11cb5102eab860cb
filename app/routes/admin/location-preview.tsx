import { data } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { locationCopy } from '~/features/locations/page-copy'
import { TownPage } from '~/features/locations/town-page'
import { pageMeta } from '~/lib/seo'
import { findLocationById } from '../../../server/locations/admin.server.ts'
import type { Route } from './+types/location-preview'

// /admin/locations/{id}/preview: a town page as visitors would see it, hidden ones included, for
// staff only (the admin area's guard) and never indexed (robots meta and header). Its own address
// under /admin, so it is never one of the cached public pages.

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const location = await findLocationById(database.db, args.params.id)
  if (!location) throw data({ error: 'There is no town page with this id.' }, { status: 404 })
  return data(
    {
      id: location.id,
      isPublished: location.isPublished,
      slug: location.slug,
      copy: locationCopy(location),
      town: location.town,
      state: location.state,
    },
    { headers: { 'X-Robots-Tag': 'noindex, nofollow' } },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    title: loaderData ? `Preview: ${loaderData.copy.title}` : `Preview | ${business.name}`,
    description: loaderData?.copy.description ?? '',
    path: `/admin/locations/${params.id}/preview`,
    matches,
    noindex: true,
  })

export default function LocationPreview({ loaderData }: Route.ComponentProps) {
  const { id, isPublished, ...page } = loaderData
  return (
    <>
      <div role="status" className="border-b bg-secondary px-6 py-3 text-center text-sm">
        Preview of the {page.town} page: {isPublished ? `public at /${page.slug}.` : 'hidden from visitors.'}{' '}
        <a href={`/admin/locations/${id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
          Back to the editor
        </a>
      </div>
      <TownPage {...page} />
    </>
  )
}
