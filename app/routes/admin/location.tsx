import { ExternalLinkIcon, EyeIcon } from 'lucide-react'
import { data, useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { emptyLocationValues, LocationForm, locationFormValues } from '~/features/locations/editor'
import { locationFormSchema } from '~/features/locations/schema'
import { editorIntents } from '~/lib/forms/editor-action.server'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { ConfirmDelete, EditorHeader, PageLink, useArrivalToast } from '~/ui/content-editor'
import {
  createLocation,
  deleteLocation,
  findLocationById,
  updateLocation,
} from '../../../server/locations/admin.server.ts'
import type { Route } from './+types/location'

// /admin/locations/new and /admin/locations/{id}: one editor for a new town page and an existing one.

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    title: loaderData?.location ? `Edit: ${loaderData.location.town}` : 'New town page',
    description: `Write and publish a town page of ${business.name}.`,
    path: params.id ? `/admin/locations/${params.id}` : '/admin/locations/new',
    matches,
    noindex: true,
  })

const notFound = () =>
  data({ error: 'There is no town page at this address. It may have been deleted.' }, { status: 404 })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  if (!args.params.id) return { location: null }
  const row = await findLocationById(database.db, args.params.id)
  if (!row) throw notFound()
  return {
    location: {
      id: row.id,
      town: row.town,
      slug: row.slug,
      isPublished: row.isPublished,
      updatedAt: row.updatedAt.toISOString(),
      values: locationFormValues(row),
    },
  }
}

/** The admin acting (recorded in the audit log) and the database. */
function editorWork(ctx: IntentContext) {
  const admin = guardedUser(ctx.context)
  return { db: ctx.context.get(appContext).database.db, actor: { userId: admin.userId, email: admin.email } }
}

export const action = intentAction(
  editorIntents({
    what: 'town page',
    schema: locationFormSchema,
    notFound,
    remove: async (ctx, id) => {
      const { db, actor } = editorWork(ctx)
      const deleted = await deleteLocation(db, actor, id)
      return deleted && `/admin/locations?deleted=${encodeURIComponent(deleted.town)}`
    },
    create: async (ctx, page) => {
      const { db, actor } = editorWork(ctx)
      return `/admin/locations/${(await createLocation(db, actor, page)).id}?created=1`
    },
    update: async (ctx, id, loadedAt, page) => {
      const { db, actor } = editorWork(ctx)
      const saved = await updateLocation(db, actor, id, loadedAt, page)
      return saved.isPublished
        ? `Saved. The page is public at /${saved.slug}.`
        : 'Saved. The page is hidden from visitors.'
    },
  }),
)

export default function AdminLocation({ loaderData }: Route.ComponentProps) {
  const { location } = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result)
  useArrivalToast('created', () => ({ title: 'Town page created', description: 'You can keep editing it here.' }))
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-10">
      <EditorHeader
        back={{ to: '/admin/locations', label: 'All town pages' }}
        title={location ? `Edit ${location.town}` : 'New town page'}
        updatedAt={location?.updatedAt}
        links={
          location &&
          (location.isPublished ? (
            <PageLink href={`/${location.slug}`} icon={<ExternalLinkIcon className="size-3.5" aria-hidden="true" />}>
              View the public page
            </PageLink>
          ) : (
            <PageLink
              href={`/admin/locations/${location.id}/preview`}
              icon={<EyeIcon className="size-3.5" aria-hidden="true" />}
            >
              Preview the hidden page
            </PageLink>
          ))
        }
        remove={
          location && (
            <ConfirmDelete
              trigger="Delete town page"
              title={`Delete the ${location.town} page?`}
              description="The page, its address and the redirects to it are gone for good; this cannot be undone. To take it off the site for now, set it to Hidden instead."
              confirm="Delete town page"
            />
          )
        }
      />
      <LocationForm
        key={location?.updatedAt ?? 'new'}
        location={location}
        initial={{
          ...(location?.values ?? emptyLocationValues),
          ...(result && !result.ok ? result.values : undefined),
        }}
        result={result}
      />
    </div>
  )
}
