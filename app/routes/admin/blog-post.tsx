import { ArrowLeftIcon, ExternalLinkIcon, SaveIcon, Trash2Icon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { blogFieldLimits } from '~/features/blog/limits'
import { PostBody } from '~/features/blog/post-body'
import { businessDateTimeFormat, businessTimeZoneLabel, toBusinessLocalInput } from '~/lib/business-time'
import { cn } from '~/lib/cn'
import { pageMeta } from '~/lib/seo'
import { slugFromTitle } from '~/lib/slug'
import { toast, useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/ui/dialog'
import { FormField, FormMessage, TextareaField } from '~/ui/field'
import { Label } from '~/ui/label'
import { Textarea } from '~/ui/textarea'
import { fieldErrors } from '../../../server/accounts/validation.server'
import {
  BlogAdminError,
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

const databaseDown = (what: 'saved' | 'deleted') =>
  `The database did not answer, so nothing was ${what}. Your text is still here: try again in a minute.`

const notFound = () => data({ error: 'There is no post at this address. It may have been deleted.' }, { status: 404 })

export async function loader(args: Route.LoaderArgs) {
  const { database, log } = args.context.get(appContext)
  if (!args.params.id) return { post: null, defaultAuthorName }
  let post: Awaited<ReturnType<typeof findPostById>>
  try {
    post = await findPostById(database.db, args.params.id)
  } catch (error) {
    log.warn({ err: error, id: args.params.id }, 'admin blog post failed to load')
    throw data(
      { error: 'The post could not be loaded: the database did not answer. Try again in a minute.' },
      { status: 503 },
    )
  }
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

type ActionResult = {
  ok: boolean
  message: string
  fieldErrors?: Record<string, string>
  values?: Values
  /** A save over a newer change: when that change was made. */
  conflictAt?: string
}

export async function action(args: Route.ActionArgs) {
  const admin = guardedUser(args.context)
  const { database, log } = args.context.get(appContext)
  const actor = { userId: admin.userId, email: admin.email }
  const submitted = await args.request.formData()
  const text = (name: string) => {
    const value = submitted.get(name)
    return typeof value === 'string' ? value : ''
  }
  const id = args.params.id

  if (text('intent') === 'delete') {
    if (!id) return data<ActionResult>({ ok: false, message: 'A new post has nothing to delete.' }, { status: 400 })
    let deleted: Awaited<ReturnType<typeof deletePost>>
    try {
      deleted = await deletePost(database.db, actor, id)
    } catch (error) {
      log.warn({ err: error, id }, 'admin blog delete failed')
      return data<ActionResult>({ ok: false, message: databaseDown('deleted') }, { status: 503 })
    }
    if (!deleted) throw notFound()
    return redirect(`/admin/blog?deleted=${encodeURIComponent(deleted.title)}`)
  }
  if (text('intent') !== 'save') {
    return data<ActionResult>(
      { ok: false, message: 'Unknown request. Reload the page and try again.' },
      { status: 400 },
    )
  }

  const values = Object.fromEntries(textFields.map((name) => [name, text(name)])) as Values
  const refuse = (status: number, message: string, errors?: Record<string, string>, conflictAt?: Date) =>
    data<ActionResult>(
      {
        ok: false,
        message,
        values,
        ...(errors ? { fieldErrors: errors } : {}),
        ...(conflictAt ? { conflictAt: conflictAt.toISOString() } : {}),
      },
      { status },
    )
  const parsed = blogPostFormSchema.safeParse(values)
  if (!parsed.success) return refuse(400, 'Check the highlighted fields. Nothing was saved.', fieldErrors(parsed.error))

  let loadedUpdatedAt: Date | null = null
  if (id) {
    loadedUpdatedAt = new Date(text('updatedAt'))
    if (Number.isNaN(loadedUpdatedAt.getTime())) return refuse(400, 'The form is incomplete. Reload the page.')
  }
  try {
    if (!id || !loadedUpdatedAt) {
      const created = await createPost(database.db, actor, parsed.data)
      return redirect(`/admin/blog/${created.id}?created=1`)
    }
    const saved = await updatePost(database.db, actor, id, loadedUpdatedAt, parsed.data)
    const status = statusOf(saved)
    return data<ActionResult>({
      ok: true,
      message:
        status === 'published'
          ? 'Saved. The post is public.'
          : status === 'scheduled'
            ? 'Saved. The post goes public at its scheduled time.'
            : 'Saved as a draft.',
    })
  } catch (error) {
    if (!(error instanceof BlogAdminError)) {
      // The database failed: nothing was saved (the change and its audit row are one transaction);
      // the form comes back as typed.
      log.warn({ err: error, id: id ?? null }, 'admin blog save failed')
      return refuse(503, databaseDown('saved'))
    }
    switch (error.kind) {
      case 'slug-taken':
        return refuse(409, 'Choose another address.', { slug: error.message })
      case 'schedule-past':
        return refuse(400, 'Check the highlighted fields. Nothing was saved.', { publishAt: error.message })
      case 'conflict':
        return refuse(409, error.message, undefined, error.changedAt)
      case 'not-found':
        return refuse(404, error.message)
    }
  }
}

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

const formatTime = (iso: string) => businessDateTimeFormat.format(new Date(iso))

export default function AdminBlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData
  const result = useActionData<typeof action>()
  useResultToasts(result)
  // A successful save brings a new updated_at: the form starts again from the saved post.
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-10">
      <p>
        <Link
          to="/admin/blog"
          className="inline-flex min-h-11 items-center gap-2 font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          All posts
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="font-bold text-3xl tracking-tight">{post ? 'Edit post' : 'New post'}</h1>
          {post && (
            <p className="text-muted-foreground text-sm">
              Last saved <time dateTime={post.updatedAt}>{formatTime(post.updatedAt)}</time>
              {post.status === 'published' && (
                <>
                  {' · '}
                  <a
                    href={`/blog/${post.slug}`}
                    className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                  >
                    View the public post
                    <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
                  </a>
                </>
              )}
            </p>
          )}
        </div>
        {post && <DeletePost title={post.title} />}
      </div>
      <PostForm
        key={post?.updatedAt ?? 'new'}
        post={post}
        initial={
          result && !result.ok && result.values ? result.values : initialValues(post, loaderData.defaultAuthorName)
        }
        result={result}
      />
    </div>
  )
}

function useResultToasts(result: ActionResult | undefined) {
  useResultToast(result)
  // Arriving from "New post": the post exists now.
  const [params, setParams] = useSearchParams()
  const created = params.get('created') === '1'
  useEffect(() => {
    if (!created) return
    toast({ title: 'Post created', description: 'You can keep editing it here.', variant: 'success' })
    setParams({}, { replace: true, preventScrollReset: true })
  }, [created, setParams])
}

function PostForm({
  post,
  initial,
  result,
}: {
  post: LoadedPost | null
  initial: Values
  result: ActionResult | undefined
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const [title, setTitle] = useState(initial.title)
  const [slug, setSlug] = useState(initial.slug)
  // A new post's address follows its title until someone types an address of their own.
  const [slugByHand, setSlugByHand] = useState(post !== null || initial.slug !== slugFromTitle(initial.title))
  const [body, setBody] = useState(initial.body)
  const [status, setStatus] = useState(initial.status)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const isPublic = post?.status === 'published'
  const formError = result && !result.ok && !errors ? result.message : undefined

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="grid gap-6">
      <input type="hidden" name="intent" value="save" />
      {post && <input type="hidden" name="updatedAt" value={post.updatedAt} />}
      {formError && (
        <FormMessage tone="error">
          {formError}
          {result?.conflictAt && (
            <>
              {' '}
              The other change was saved {formatTime(result.conflictAt)}.{' '}
              <a href={`/admin/blog/${post?.id}`} target="_blank" rel="noopener" className="font-semibold underline">
                Open the saved version in a new tab
              </a>{' '}
              to compare, then reload this page to edit it.
            </>
          )}
        </FormMessage>
      )}
      {errors && <FormMessage tone="error">{result?.message}</FormMessage>}

      <FormField
        label="Title"
        name="title"
        required
        maxLength={blogFieldLimits.title}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value)
          if (!slugByHand) setSlug(slugFromTitle(event.target.value))
        }}
        error={errors?.title}
      />
      <FormField
        label="Address"
        name="slug"
        required
        maxLength={blogFieldLimits.slug}
        value={slug}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => {
          setSlug(event.target.value)
          // Emptied: suggest from the title again.
          setSlugByHand(event.target.value !== '')
        }}
        hint={
          <>
            The post’s address: /blog/<strong>{slug || '…'}</strong>. Lowercase letters and digits joined by hyphens;
            suggested from the title until you change it.
          </>
        }
        error={errors?.slug}
      />
      {isPublic && post && slug !== post.slug && (
        <FormMessage tone="notice">
          This post is public. After saving, its old address /blog/{post.slug} stops working: links to it elsewhere will
          lead to a missing page.
        </FormMessage>
      )}
      <TextareaField
        label="Excerpt"
        name="excerpt"
        rows={3}
        maxLength={blogFieldLimits.excerpt}
        defaultValue={initial.excerpt}
        hint={`The summary under the title and on the blog’s list, and the description in search results (unless set under Search appearance). Up to ${blogFieldLimits.excerpt} characters.`}
        error={errors?.excerpt}
      />
      <BodyEditor body={body} setBody={setBody} error={errors?.body} />
      <FormField
        label="Author"
        name="authorName"
        required
        maxLength={blogFieldLimits.authorName}
        defaultValue={initial.authorName}
        hint={`“${business.name}” credits the business itself.`}
        error={errors?.authorName}
      />
      <StatusField post={post} status={status} setStatus={setStatus} initial={initial} errors={errors} />
      <details className="rounded-lg border p-4" open={Boolean(errors?.metaTitle || errors?.metaDescription)}>
        <summary className="cursor-pointer font-medium">Search appearance (optional)</summary>
        <div className="mt-4 grid gap-4">
          <FormField
            label="Search title"
            name="metaTitle"
            maxLength={blogFieldLimits.metaTitle}
            defaultValue={initial.metaTitle}
            hint="The title in search results and the browser tab; the post’s title when empty."
            error={errors?.metaTitle}
          />
          <TextareaField
            label="Search description"
            name="metaDescription"
            rows={2}
            maxLength={blogFieldLimits.metaDescription}
            defaultValue={initial.metaDescription}
            hint="The description in search results; the excerpt when empty."
            error={errors?.metaDescription}
          />
        </div>
      </details>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={busy}>
          <SaveIcon aria-hidden="true" />
          {busy ? 'Saving…' : post ? 'Save' : 'Create post'}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/admin/blog">Cancel</Link>
        </Button>
      </div>
    </Form>
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
  error: string | undefined
}) {
  const id = useId()
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  const tabs = [
    { key: 'write', label: 'Write' },
    { key: 'preview', label: 'Preview' },
  ] as const
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    const next = tab === 'write' ? 'preview' : 'write'
    setTab(next)
    document.getElementById(`${id}-tab-${next}`)?.focus()
  }
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor={`${id}-body`}>Body (Markdown)</Label>
        <div role="tablist" aria-label="Body" className="flex gap-1 rounded-md bg-muted p-1">
          {tabs.map(({ key, label }) => (
            <button
              key={key}
              id={`${id}-tab-${key}`}
              type="button"
              role="tab"
              aria-selected={tab === key}
              aria-controls={`${id}-panel-${key}`}
              tabIndex={tab === key ? 0 : -1}
              onClick={() => setTab(key)}
              onKeyDown={onKeyDown}
              className={cn(
                'min-h-9 rounded px-3 font-medium text-sm focus-visible:outline-2 focus-visible:outline-ring',
                tab === key ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div id={`${id}-panel-write`} role="tabpanel" aria-labelledby={`${id}-tab-write`} hidden={tab !== 'write'}>
        <Textarea
          id={`${id}-body`}
          name="body"
          rows={18}
          maxLength={blogFieldLimits.body}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="font-mono"
        />
      </div>
      <div
        id={`${id}-panel-preview`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-preview`}
        hidden={tab !== 'preview'}
        className="rounded-lg border p-6"
      >
        {body.trim() === '' ? (
          <p className="text-muted-foreground">Nothing to preview yet.</p>
        ) : (
          <PostBody markdown={body} />
        )}
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        Start headings at <code>##</code> (the title is the page’s main heading). Up to{' '}
        {blogFieldLimits.body.toLocaleString('en-US')} characters; {body.length.toLocaleString('en-US')} used.
      </p>
      {error && (
        <p id={`${id}-error`} className="font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
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
  errors: Record<string, string> | undefined
}) {
  const id = useId()
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
    <fieldset className="grid gap-3" aria-describedby={errors?.status ? `${id}-status-error` : undefined}>
      <legend className="mb-1 font-medium text-sm">Status</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-3 rounded-md border p-3 has-checked:border-primary">
          <input
            type="radio"
            name="status"
            value={option.value}
            checked={status === option.value}
            onChange={() => setStatus(option.value)}
            className="mt-0.5 size-4 accent-primary"
          />
          <span className="grid gap-0.5">
            <span className="font-medium text-sm">{option.label}</span>
            <span className="text-muted-foreground text-sm">{option.hint}</span>
          </span>
        </label>
      ))}
      {errors?.status && (
        <p id={`${id}-status-error`} className="font-medium text-destructive text-sm">
          {errors.status}
        </p>
      )}
      {status === 'schedule' && (
        <FormField
          label={`Publish on (${businessTimeZoneLabel})`}
          name="publishAt"
          type="datetime-local"
          defaultValue={initial.publishAt}
          hint="The post appears on the blog at this time, New York time, whatever the clock of the computer you use."
          error={errors?.publishAt}
          className="max-w-sm"
        />
      )}
    </fieldset>
  )
}

/** Delete, with a confirm step in a dialog (focus moves into it; Escape or Cancel closes it). */
function DeletePost({ title }: { title: string }) {
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Trash2Icon aria-hidden="true" />
          Delete post
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete “{title}”?</DialogTitle>
          <DialogDescription>
            The post and its address are gone for good; this cannot be undone. To take it off the blog for now, set it
            to Draft instead.
          </DialogDescription>
        </DialogHeader>
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="delete" />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete post'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
