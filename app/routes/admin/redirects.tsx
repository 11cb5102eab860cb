import { Trash2Icon } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { businessDateTimeFormat } from '~/lib/business-time'
import { DomainError } from '~/lib/domain-error'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { listRedirects, removeRedirect } from '../../../server/redirects/redirects.server.ts'
import type { Route } from './+types/redirects'

// /admin/redirects: the old addresses of renamed town pages and blog posts, each answering 301 to
// the page's address now. Removing one makes its old address a missing page again.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Redirects',
    description: `Old addresses of ${business.name} pages that lead to their new ones.`,
    path: '/admin/redirects',
    matches,
    noindex: true,
  })

export async function loader(args: Route.LoaderArgs) {
  const { database } = args.context.get(appContext)
  const rows = await listRedirects(database.db)
  return {
    redirects: rows.map((row) => ({
      id: row.id,
      fromPath: row.fromPath,
      toPath: row.toPath,
      createdAt: row.createdAt.toISOString(),
    })),
  }
}

export const action = intentAction({
  remove: {
    run: async (ctx) => {
      const admin = guardedUser(ctx.context)
      const { database } = ctx.context.get(appContext)
      const actor = { userId: admin.userId, email: admin.email }
      const removed = await removeRedirect(database.db, actor, ctx.values.id ?? '')
      if (!removed) throw new DomainError('not_found', 'There is no such redirect. It may have been removed already.')
      return removed
    },
    done: (removed) => `${removed.fromPath} no longer leads anywhere.`,
    outage: 'The database did not answer, so nothing was removed. Try again in a minute.',
  },
})

const formatTime = (iso: string) => businessDateTimeFormat.format(new Date(iso))

export default function AdminRedirects({ loaderData, actionData }: Route.ComponentProps) {
  useResultToast(actionData, { ok: 'Redirect removed', failed: 'Not removed' })
  const navigation = useNavigation()
  const { redirects } = loaderData
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-6 py-10">
      <div className="grid gap-1">
        <p className="text-muted-foreground text-sm">
          <Link to="/admin" className="underline-offset-4 hover:underline">
            Admin Dashboard
          </Link>
        </p>
        <h1 className="font-bold text-3xl tracking-tight">Redirects</h1>
        <p className="max-w-3xl text-muted-foreground text-sm">
          When a town page or a blog post gets a new address, its old address keeps working: visitors and search engines
          are sent on with a permanent redirect (301). They are added by the editors; remove one only when nothing links
          to the old address any more.
        </p>
      </div>
      {redirects.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
          No redirects. They appear here when a published page’s address changes.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Old addresses and where they lead</caption>
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Old address
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Leads to
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Since
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {redirects.map((row) => (
                <tr key={row.id} className="border-b last:border-0">
                  <th scope="row" className="px-4 py-3 font-medium">
                    {row.fromPath}
                  </th>
                  <td className="px-4 py-3">
                    <a href={row.toPath} className="text-primary underline-offset-4 hover:underline">
                      {row.toPath}
                    </a>
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">
                    <time dateTime={row.createdAt}>{formatTime(row.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Form method="post">
                      <input type="hidden" name="id" value={row.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="remove"
                        variant="ghost"
                        size="sm"
                        disabled={navigation.state === 'submitting' && navigation.formData?.get('id') === row.id}
                        aria-label={`Remove the redirect from ${row.fromPath}`}
                      >
                        <Trash2Icon aria-hidden="true" />
                        Remove
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
