import { ExternalLinkIcon } from 'lucide-react'
import { data, useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { PostForm, postFormValues } from '~/features/blog/post-editor'
import { editorIntents } from '~/lib/forms/editor-action.server'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { ConfirmDelete, EditorHeader, PageLink, useArrivalToast } from '~/ui/content-editor'
import {
  blogPostFormSchema,
  createPost,
  defaultAuthorName,
  deletePost,
  findPostById,
  statusOf,
  updatePost,
} from '../../../server/blog/admin.server.ts'
import type { Route } from './+types/blog-post'

// /admin/blog/new and /admin/blog/{id}: one editor for a new post and for an existing one.

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    title: loaderData?.post ? `Edit: ${loaderData.post.title}` : 'New blog post',
    description: `Write and publish a post of the ${business.name} blog.`,
    path: params.id ? `/admin/blog/${params.id}` : '/admin/blog/new',
    matches,
    noindex: true,
  })

const notFound = () => data({ error: 'There is no post at this address. It may have been deleted.' }, { status: 404 })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  if (!args.params.id) return { post: null, defaultAuthorName }
  const post = await findPostById(database.db, args.params.id)
  if (!post) throw notFound()
  const status = statusOf(post)
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      body: post.body,
      authorName: post.authorName,
      metaTitle: post.metaTitle ?? '',
      metaDescription: post.metaDescription ?? '',
      status,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      updatedAt: post.updatedAt.toISOString(),
    },
    defaultAuthorName,
  }
}

/** The admin acting (recorded in the audit log) and the database. */
function editorWork(ctx: IntentContext) {
  const admin = guardedUser(ctx.context)
  return { db: ctx.context.get(appContext).database.db, actor: { userId: admin.userId, email: admin.email } }
}

export const action = intentAction(
  editorIntents({
    what: 'post',
    schema: blogPostFormSchema,
    notFound,
    remove: async (ctx, id) => {
      const { db, actor } = editorWork(ctx)
      const deleted = await deletePost(db, actor, id)
      return deleted && `/admin/blog?deleted=${encodeURIComponent(deleted.title)}`
    },
    create: async (ctx, post) => {
      const { db, actor } = editorWork(ctx)
      return `/admin/blog/${(await createPost(db, actor, post)).id}?created=1`
    },
    update: async (ctx, id, loadedAt, post) => {
      const { db, actor } = editorWork(ctx)
      const status = statusOf(await updatePost(db, actor, id, loadedAt, post))
      return status === 'published'
        ? 'Saved. The post is public.'
        : status === 'scheduled'
          ? 'Saved. The post goes public at its scheduled time.'
          : 'Saved as a draft.'
    },
  }),
)

export default function AdminBlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result)
  // Arriving from "New post": the post exists now.
  useArrivalToast('created', () => ({ title: 'Post created', description: 'You can keep editing it here.' }))
  // A successful save brings a new updated_at: the form starts again from the saved post.
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-10">
      <EditorHeader
        back={{ to: '/admin/blog', label: 'All posts' }}
        title={post ? 'Edit post' : 'New post'}
        updatedAt={post?.updatedAt}
        links={
          post?.status === 'published' && (
            <PageLink href={`/blog/${post.slug}`} icon={<ExternalLinkIcon className="size-3.5" aria-hidden="true" />}>
              View the public post
            </PageLink>
          )
        }
        remove={
          post && (
            <ConfirmDelete
              trigger="Delete post"
              title={`Delete “${post.title}”?`}
              description="The post and its address are gone for good; this cannot be undone. To take it off the blog for now, set it to Draft instead."
              confirm="Delete post"
            />
          )
        }
      />
      <PostForm
        key={post?.updatedAt ?? 'new'}
        post={post}
        initial={{
          ...postFormValues(post, loaderData.defaultAuthorName),
          ...(result && !result.ok ? result.values : undefined),
        }}
        result={result}
      />
    </div>
  )
}
