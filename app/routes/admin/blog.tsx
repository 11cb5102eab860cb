import { ExternalLinkIcon, PlusIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { pageMeta } from '~/lib/seo'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { contentListColumns, EditButton, formatTime, useArrivalToast } from '~/ui/content-editor'
import { RecordTable } from '~/ui/data-table'
import { PageHeader } from '~/ui/page-header'
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
  const { database } = args.context.get(appContext)
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
}

type Row = NonNullable<Route.ComponentProps['loaderData']['posts']>[number]

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

const columns = contentListColumns<Row>({
  header: 'Title',
  name: (post) => post.title,
  address: (post) => `/blog/${post.slug}`,
  status: (post) => <StatusBadge post={post} />,
  updatedAt: (post) => post.updatedAt,
  actions: (post) => (
    <>
      <EditButton to={`/admin/blog/${post.id}`} name={post.title} />
      {post.status === 'published' && (
        <Button asChild variant="ghost" size="sm">
          <a href={`/blog/${post.slug}`} aria-label={`View ${post.title} on the blog`}>
            <ExternalLinkIcon aria-hidden="true" />
            View
          </a>
        </Button>
      )}
    </>
  ),
})

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  // Arriving from the editor's Delete.
  useArrivalToast('deleted', (title) => ({ title: 'Post deleted', description: `“${title}” is deleted.` }))
  const { posts } = loaderData
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10">
      <PageHeader
        crumbs={[{ to: '/admin', label: 'Admin Dashboard' }]}
        title="Blog posts"
        actions={
          <Button asChild size="lg">
            <Link to="/admin/blog/new">
              <PlusIcon aria-hidden="true" />
              New post
            </Link>
          </Button>
        }
      >
        <p className="text-muted-foreground text-sm">Drafts are visible only here. Times are New York time.</p>
      </PageHeader>
      {posts.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
          No posts yet. Write the first one with “New post”; it stays a draft until you publish it.
        </p>
      ) : (
        <RecordTable
          caption="All blog posts, the most recently changed first"
          columns={columns}
          rows={posts}
          rowKey={(post) => post.id}
        />
      )}
    </div>
  )
}
