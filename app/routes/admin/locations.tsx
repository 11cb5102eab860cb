import { EyeIcon, PlusIcon, UploadIcon } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { nothingChangedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { contentListColumns, EditButton, useArrivalToast } from '~/ui/content-editor'
import { RecordTable } from '~/ui/data-table'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { PageHeader } from '~/ui/page-header'
import { listLocations, setPublished } from '../../../server/locations/admin.server.ts'
import type { Route } from './+types/locations'

// /admin/locations: every town page, with search and the published filter; publish and unpublish here.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Town pages',
    description: `Write, publish and import the town pages of ${business.name}.`,
    path: '/admin/locations',
    matches,
    noindex: true,
  })

export async function loader(args: Route.LoaderArgs) {
  const { database } = args.context.get(appContext)
  const p = listParams(new URL(args.request.url))
  const search = p.text('q') ?? ''
  const published = p.oneOf('published', ['yes', 'no'] as const)
  const rows = await listLocations(database.db, { search, published })
  return {
    search,
    published: published ?? '',
    locations: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      town: row.town,
      place: [row.county, row.state].filter(Boolean).join(', '),
      isPublished: row.isPublished,
      updatedAt: row.updatedAt.toISOString(),
    })),
  }
}

/** Publishes or hides the town page the form names. */
async function publishing(ctx: IntentContext, publish: boolean) {
  const admin = guardedUser(ctx.context)
  const { database } = ctx.context.get(appContext)
  const actor = { userId: admin.userId, email: admin.email }
  const row = await setPublished(database.db, actor, ctx.values.id ?? '', publish)
  if (!row) throw new DomainError('not_found', 'There is no town page with this id. It may have been deleted.')
  return row
}

export const action = intentAction(
  {
    publish: { run: (ctx) => publishing(ctx, true), done: (row) => `${row.town} is public at /${row.slug}.` },
    unpublish: { run: (ctx) => publishing(ctx, false), done: (row) => `${row.town} is hidden from visitors.` },
  },
  { outage: nothingChangedMessage },
)

type Row = NonNullable<Route.ComponentProps['loaderData']['locations']>[number]

const columns = contentListColumns<Row>({
  header: 'Town',
  name: (location) => location.town,
  address: (location) => `${location.place} · /${location.slug}`,
  status: (location) =>
    location.isPublished ? <Badge variant="success">Published</Badge> : <Badge variant="outline">Hidden</Badge>,
  updatedAt: (location) => location.updatedAt,
  actions: (location) => <RowActions location={location} />,
})

export default function AdminLocations({ loaderData, actionData }: Route.ComponentProps) {
  // Arriving from the editor's Delete.
  useArrivalToast('deleted', (town) => ({ title: 'Town page deleted', description: `${town} is deleted.` }))
  useResultToast(actionData)
  const { locations, search, published } = loaderData
  const filtered = search !== '' || published !== ''
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10">
      <PageHeader
        crumbs={[{ to: '/admin', label: 'Admin Dashboard' }]}
        title="Town pages"
        actions={
          <>
            <Button asChild variant="outline" size="lg">
              <Link to="/admin/locations/import">
                <UploadIcon aria-hidden="true" />
                Import CSV
              </Link>
            </Button>
            <Button asChild size="lg">
              <Link to="/admin/locations/new">
                <PlusIcon aria-hidden="true" />
                New town page
              </Link>
            </Button>
          </>
        }
      >
        <p className="text-muted-foreground text-sm">
          Hidden pages are visible only here and in their preview. Old addresses of renamed pages are under{' '}
          <Link to="/admin/redirects" className="font-medium text-primary underline-offset-4 hover:underline">
            Redirects
          </Link>
          .
        </p>
      </PageHeader>

      <Form method="get" role="search" aria-label="Town pages" className="flex flex-wrap items-end gap-4">
        <Field label="Search" hint="Town, county or address" className="w-full max-w-xs">
          <Input name="q" type="search" defaultValue={search} maxLength={100} />
        </Field>
        <Field label="Show" className="w-full max-w-48">
          <NativeSelect name="published" defaultValue={published}>
            <option value="">All pages</option>
            <option value="yes">Published</option>
            <option value="no">Hidden</option>
          </NativeSelect>
        </Field>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {filtered && (
          <Button asChild variant="ghost">
            <Link to="/admin/locations">Clear</Link>
          </Button>
        )}
      </Form>

      {locations.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
          {filtered
            ? 'No town page matches. Try another search, or show all pages.'
            : 'No town pages yet. Add one with “New town page”, or import a CSV file.'}
        </p>
      ) : (
        <RecordTable
          caption={`Town pages by town${filtered ? ', filtered' : ''}`}
          columns={columns}
          rows={locations}
          rowKey={(location) => location.id}
        />
      )}
    </div>
  )
}

function RowActions({ location }: { location: Row }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === location.id
  return (
    <>
      <EditButton to={`/admin/locations/${location.id}`} name={location.town} />
      <Button asChild variant="ghost" size="sm">
        <a
          href={location.isPublished ? `/${location.slug}` : `/admin/locations/${location.id}/preview`}
          aria-label={location.isPublished ? `View ${location.town}` : `Preview ${location.town}`}
        >
          <EyeIcon aria-hidden="true" />
          {location.isPublished ? 'View' : 'Preview'}
        </a>
      </Button>
      <Form method="post">
        <input type="hidden" name="id" value={location.id} />
        <Button
          type="submit"
          name="intent"
          value={location.isPublished ? 'unpublish' : 'publish'}
          variant={location.isPublished ? 'ghost' : 'secondary'}
          size="sm"
          disabled={busy}
          aria-label={`${location.isPublished ? 'Unpublish' : 'Publish'} ${location.town}`}
        >
          {location.isPublished ? 'Unpublish' : 'Publish'}
        </Button>
      </Form>
    </>
  )
}
