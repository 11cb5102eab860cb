import { ExternalLinkIcon } from 'lucide-react'
import { useState } from 'react'
import { data, useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { blogFieldLimits } from '~/features/blog/limits'
import { PostBody } from '~/features/blog/post-body'
import { businessTimeZoneLabel, toBusinessLocalInput } from '~/lib/business-time'
import { type EditorResult, editorIntents } from '~/lib/forms/editor-action.server'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import type { FieldErrors } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { slugFromTitle } from '~/lib/slug'
import { useResultToast } from '~/lib/toast'
import {
  ConfirmDelete,
  EditorForm,
  EditorHeader,
  fieldErrorsOf,
  formatTime,
  PageLink,
  PublishState,
  SlugField,
  useArrivalToast,
  useSuggestedSlug,
} from '~/ui/content-editor'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/ui/tabs'
import { Textarea } from '~/ui/textarea'
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

/** The fields as typed, sent back with every refusal so nothing typed is lost. */
type Values = Record<(typeof textFields)[number], string>
const textFields = [
  'title',
  'slug',
  'excerpt',
  'body',
  'authorName',
  'status',
  'publishAt',
  'metaTitle',
  'metaDescription',
] as const

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

type LoadedPost = NonNullable<Route.ComponentProps['loaderData']['post']>

function initialValues(post: LoadedPost | null, author: string): Values {
  if (!post) {
    return {
      title: '',
      slug: '',
      excerpt: '',
      body: '',
      authorName: author,
      status: 'draft',
      publishAt: '',
      metaTitle: '',
      metaDescription: '',
    }
  }
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.body,
    authorName: post.authorName,
    status: post.status === 'draft' ? 'draft' : post.status === 'scheduled' ? 'schedule' : 'publish',
    publishAt: post.status === 'scheduled' && post.publishedAt ? toBusinessLocalInput(new Date(post.publishedAt)) : '',
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
  }
}

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
          ...initialValues(post, loaderData.defaultAuthorName),
          ...(result && !result.ok ? result.values : undefined),
        }}
        result={result}
      />
    </div>
  )
}

function PostForm({
  post,
  initial,
  result,
}: {
  post: LoadedPost | null
  initial: Values
  result: EditorResult | undefined
}) {
  const [title, setTitle] = useState(initial.title)
  // A new post's address follows its title until someone types an address of their own.
  const address = useSuggestedSlug(initial.slug, slugFromTitle(initial.title), post !== null)
  const slug = address.slug
  const [body, setBody] = useState(initial.body)
  const [status, setStatus] = useState(initial.status)
  const errors = fieldErrorsOf(result)
  const isPublic = post?.status === 'published'

  return (
    <EditorForm
      updatedAt={post?.updatedAt}
      result={result}
      submitLabel={post ? 'Save' : 'Create post'}
      cancelTo="/admin/blog"
      conflict={(at) => (
        <>
          The other change was saved {formatTime(at)}.{' '}
          <a href={`/admin/blog/${post?.id}`} target="_blank" rel="noopener" className="font-semibold underline">
            Open the saved version in a new tab
          </a>{' '}
          to compare, then reload this page to edit it.
        </>
      )}
    >
      <Field label="Title" required error={errors?.title}>
        <Input
          name="title"
          maxLength={blogFieldLimits.title}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value)
            address.follow(slugFromTitle(event.target.value))
          }}
        />
      </Field>
      <SlugField
        slug={slug}
        onType={address.type}
        maxLength={blogFieldLimits.slug}
        error={errors?.slug}
        hint={
          <>
            The post’s address: /blog/<strong>{slug || '…'}</strong>. Lowercase letters and digits joined by hyphens;
            suggested from the title until you change it.
          </>
        }
      />
      {isPublic && post && slug !== post.slug && (
        <FormMessage tone="notice">
          This post is public. After saving, its old address /blog/{post.slug} sends readers to the new one (a permanent
          redirect, listed under Redirects in the admin area).
        </FormMessage>
      )}
      <Field
        label="Excerpt"
        required
        hint={`The summary under the title and on the blog’s list, and the description in search results (unless set under Search appearance). Up to ${blogFieldLimits.excerpt} characters.`}
        error={errors?.excerpt}
      >
        <Textarea name="excerpt" rows={3} maxLength={blogFieldLimits.excerpt} defaultValue={initial.excerpt} />
      </Field>
      <BodyEditor body={body} setBody={setBody} error={errors?.body} />
      <Field
        label="Author"
        required
        hint={`“${business.name}” credits the business itself.`}
        error={errors?.authorName}
      >
        <Input name="authorName" maxLength={blogFieldLimits.authorName} defaultValue={initial.authorName} />
      </Field>
      <StatusField post={post} status={status} setStatus={setStatus} initial={initial} errors={errors} />
      <details className="rounded-lg border p-4" open={Boolean(errors?.metaTitle || errors?.metaDescription)}>
        <summary className="cursor-pointer font-medium">Search appearance (optional)</summary>
        <div className="mt-4 grid gap-4">
          <Field
            label="Search title"
            hint="The title in search results and the browser tab; the post’s title when empty."
            error={errors?.metaTitle}
          >
            <Input name="metaTitle" maxLength={blogFieldLimits.metaTitle} defaultValue={initial.metaTitle} />
          </Field>
          <Field
            label="Search description"
            hint="The description in search results; the excerpt when empty."
            error={errors?.metaDescription}
          >
            <Textarea
              name="metaDescription"
              rows={2}
              maxLength={blogFieldLimits.metaDescription}
              defaultValue={initial.metaDescription}
            />
          </Field>
        </div>
      </details>
    </EditorForm>
  )
}

/**
 * The body with a Preview tab. The preview renders in the browser with PostBody, the very component
 * the public post page renders on the server, so it shows exactly what readers will see, as the
 * text is typed and before anything is saved; a loader would need a round trip per look for the
 * same output. The admin pages load the whole app anyway, so react-markdown costs nothing extra here.
 */
function BodyEditor({
  body,
  setBody,
  error,
}: {
  body: string
  setBody: (body: string) => void
  error: readonly string[] | undefined
}) {
  const [tab, setTab] = useState('write')
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Body" className="justify-self-end">
        <TabsTrigger value="write">Write</TabsTrigger>
        <TabsTrigger value="preview">Preview</TabsTrigger>
      </TabsList>
      <Field
        label="Body (Markdown)"
        required
        hint={
          <>
            Start headings at <code>##</code> (the title is the page’s main heading). Up to{' '}
            {blogFieldLimits.body.toLocaleString('en-US')} characters; {body.length.toLocaleString('en-US')} used.
          </>
        }
        error={error}
      >
        {/* Mounted while the preview shows: the body is sent with the form whichever tab is open. */}
        <TabsContent value="write" forceMount>
          <Textarea
            name="body"
            rows={18}
            maxLength={blogFieldLimits.body}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className="font-mono"
          />
        </TabsContent>
        <TabsContent value="preview" className="rounded-lg border p-6">
          {body.trim() === '' ? (
            <p className="text-muted-foreground">Nothing to preview yet.</p>
          ) : (
            <PostBody markdown={body} />
          )}
        </TabsContent>
      </Field>
    </Tabs>
  )
}

function StatusField({
  post,
  status,
  setStatus,
  initial,
  errors,
}: {
  post: LoadedPost | null
  status: string
  setStatus: (status: string) => void
  initial: Values
  errors: FieldErrors | undefined
}) {
  const since = post?.status === 'published' && post.publishedAt ? formatTime(post.publishedAt) : null
  const options = [
    { value: 'draft', label: 'Draft', hint: 'Only staff see it, here.' },
    {
      value: 'publish',
      label: since ? 'Published' : 'Publish now',
      hint: since ? `Public since ${since}.` : 'Public on the blog as soon as you save.',
    },
    { value: 'schedule', label: 'Schedule', hint: 'Public on its own at the time you choose.' },
  ]
  return (
    <PublishState
      legend="Status"
      name="status"
      value={status}
      onValueChange={setStatus}
      options={options}
      error={errors?.status}
    >
      {status === 'schedule' && (
        <Field
          label={`Publish on (${businessTimeZoneLabel})`}
          hint="The post appears on the blog at this time, New York time, whatever the clock of the computer you use."
          error={errors?.publishAt}
          className="max-w-sm"
        >
          <Input name="publishAt" type="datetime-local" defaultValue={initial.publishAt} />
        </Field>
      )}
    </PublishState>
  )
}
