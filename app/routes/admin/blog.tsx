import { ExternalLinkIcon, PencilIcon, PlusIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { data, Link, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { businessDateTimeFormat } from '~/lib/business-time'
import { pageMeta } from '~/lib/seo'
import { toast } from '~/lib/toast'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { listAllPosts } from '../../../server/blog/admin.server.ts'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Blog posts',
    description: `Write, schedule and publish the posts of the ${business.name} blog.`,
    path: '/admin/blog',
    matches,
    noindex: true,
  })

export async function loader(args: Route.LoaderArgs) {
  const { database, log } = args.context.get(appContext)
  try {
    const posts = await listAllPosts(database.db)
    return {
      posts: posts.map((post) => ({
        id: post.id,
        slug: post.slug,
        title: post.title,
        status: post.status,
        publishedAt: post.publishedAt?.toISOString() ?? null,
        updatedAt: post.updatedAt.toISOString(),
      })),
    }
  } catch (error) {
    // The page still answers: the staff member sees what went wrong instead of an error page.
    log.warn({ err: error }, 'admin blog list failed')
    return data({ posts: null }, { status: 503 })
  }
}

type Row = NonNullable<Route.ComponentProps['loaderData']['posts']>[number]

const formatTime = (iso: string) => businessDateTimeFormat.format(new Date(iso))

/** The status in words (a colour alone would say nothing to some readers). */
function StatusBadge({ post }: { post: Row }) {
  if (post.status === 'published' && post.publishedAt) {
    return <Badge variant="success">Published {formatTime(post.publishedAt)}</Badge>
  }
  if (post.status === 'scheduled' && post.publishedAt) {
    return <Badge variant="secondary">Scheduled for {formatTime(post.publishedAt)}</Badge>
  }
  return <Badge variant="outline">Draft</Badge>
}

/** The toast for the change that brought the staff member here (`?deleted=`, set by the editor). */
function useArrivalToast() {
  const [params, setParams] = useSearchParams()
  const deleted = params.get('deleted')
  const shown = useRef(false)
  useEffect(() => {
    if (deleted === null || shown.current) return
    shown.current = true
    toast({ title: 'Post deleted', description: `“${deleted}” is deleted.`, variant: 'success' })
    setParams({}, { replace: true, preventScrollReset: true })
  }, [deleted, setParams])
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  useArrivalToast()
  const { posts } = loaderData
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-muted-foreground text-sm">
            <Link to="/admin" className="underline-offset-4 hover:underline">
              Admin Dashboard
            </Link>
          </p>
          <h1 className="font-bold text-3xl tracking-tight">Blog posts</h1>
          <p className="text-muted-foreground text-sm">Drafts are visible only here. Times are New York time.</p>
        </div>
        <Button asChild size="lg">
          <Link to="/admin/blog/new">
            <PlusIcon aria-hidden="true" />
            New post
          </Link>
        </Button>
      </div>
      {posts === null ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-6 text-destructive">
          The posts could not be loaded: the database did not answer. Try again in a minute; nothing was changed.
        </div>
      ) : posts.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
          No posts yet. Write the first one with “New post”; it stays a draft until you publish it.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">All blog posts, the most recently changed first</caption>
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Title
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Last change
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post.id} className="border-b last:border-0">
                  <th scope="row" className="px-4 py-3 font-medium">
                    {post.title}
                    <span className="block font-normal text-muted-foreground text-xs">/blog/{post.slug}</span>
                  </th>
                  <td className="px-4 py-3">
                    <StatusBadge post={post} />
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">
                    <time dateTime={post.updatedAt}>{formatTime(post.updatedAt)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-2">
                      <Button asChild variant="outline" size="sm">
                        <Link to={`/admin/blog/${post.id}`} aria-label={`Edit ${post.title}`}>
                          <PencilIcon aria-hidden="true" />
                          Edit
                        </Link>
                      </Button>
                      {post.status === 'published' && (
                        <Button asChild variant="ghost" size="sm">
                          <a href={`/blog/${post.slug}`} aria-label={`View ${post.title} on the blog`}>
                            <ExternalLinkIcon aria-hidden="true" />
                            View
                          </a>
                        </Button>
                      )}
                    </div>
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
