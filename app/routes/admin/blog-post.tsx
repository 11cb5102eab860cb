import { ArrowLeftIcon, ExternalLinkIcon, SaveIcon, Trash2Icon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { blogFieldLimits } from '~/features/blog/limits'
import { PostBody } from '~/features/blog/post-body'
import { businessDateTimeFormat, businessTimeZoneLabel, toBusinessLocalInput } from '~/lib/business-time'
import { checkForm, formValues, readForm, reply } from '~/lib/forms/action.server'
import type { ActionResult, FieldErrors } from '~/lib/forms/result'
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
import { Choice, Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { RadioGroup, RadioGroupItem } from '~/ui/radio-group'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/ui/tabs'
import { Textarea } from '~/ui/textarea'
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

/** A save over a newer change also says when that change was made. */
type PostResult = ActionResult & { conflictAt?: string }

export async function action(args: Route.ActionArgs) {
  const admin = guardedUser(args.context)
  const { database, log } = args.context.get(appContext)
  const actor = { userId: admin.userId, email: admin.email }
  const submitted = formValues(await readForm(args.request))
  const id = args.params.id

  if (submitted.intent === 'delete') {
    if (!id) return reply<PostResult>({ ok: false, message: 'A new post has nothing to delete.' })
    let deleted: Awaited<ReturnType<typeof deletePost>>
    try {
      deleted = await deletePost(database.db, actor, id)
    } catch (error) {
      log.warn({ err: error, id }, 'admin blog delete failed')
      return reply<PostResult>({ ok: false, message: databaseDown('deleted') }, { status: 503 })
    }
    if (!deleted) throw notFound()
    return redirect(`/admin/blog?deleted=${encodeURIComponent(deleted.title)}`)
  }
  if (submitted.intent !== 'save') {
    return reply<PostResult>({ ok: false, message: 'Unknown request. Reload the page and try again.' })
  }

  const values: Values = Object.fromEntries(textFields.map((name) => [name, submitted[name] ?? ''])) as Values
  const refuse = (status: number, message: string, fieldErrors?: FieldErrors, conflictAt?: Date) =>
    reply<PostResult>(
      {
        ok: false,
        message,
        values,
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(conflictAt ? { conflictAt: conflictAt.toISOString() } : {}),
      },
      { status },
    )
  const checked = checkForm(blogPostFormSchema, values, { message: 'Check the highlighted fields. Nothing was saved.' })
  if (!checked.ok) return refuse(400, checked.result.message, checked.result.fieldErrors)

  let loadedUpdatedAt: Date | null = null
  if (id) {
    loadedUpdatedAt = new Date(submitted.updatedAt ?? '')
    if (Number.isNaN(loadedUpdatedAt.getTime())) return refuse(400, 'The form is incomplete. Reload the page.')
  }
  try {
    if (!id || !loadedUpdatedAt) {
      const created = await createPost(database.db, actor, checked.data)
      return redirect(`/admin/blog/${created.id}?created=1`)
    }
    const saved = await updatePost(database.db, actor, id, loadedUpdatedAt, checked.data)
    const status = statusOf(saved)
    return reply<PostResult>({
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
        return refuse(409, 'Choose another address.', { slug: [error.message] })
      case 'schedule-past':
        return refuse(400, 'Check the highlighted fields. Nothing was saved.', { publishAt: [error.message] })
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
        initial={{
          ...initialValues(post, loaderData.defaultAuthorName),
          ...(result && !result.ok ? result.values : undefined),
        }}
        result={result}
      />
    </div>
  )
}

function useResultToasts(result: PostResult | undefined) {
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
  result: PostResult | undefined
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

      <Field label="Title" required error={errors?.title}>
        <Input
          name="title"
          maxLength={blogFieldLimits.title}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value)
            if (!slugByHand) setSlug(slugFromTitle(event.target.value))
          }}
        />
      </Field>
      <Field
        label="Address"
        required
        hint={
          <>
            The post’s address: /blog/<strong>{slug || '…'}</strong>. Lowercase letters and digits joined by hyphens;
            suggested from the title until you change it.
          </>
        }
        error={errors?.slug}
      >
        <Input
          name="slug"
          maxLength={blogFieldLimits.slug}
          value={slug}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => {
            setSlug(event.target.value)
            // Emptied: suggest from the title again.
            setSlugByHand(event.target.value !== '')
          }}
        />
      </Field>
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
    <FieldSet legend="Status" error={errors?.status}>
      <RadioGroup name="status" value={status} onValueChange={setStatus}>
        {options.map((option) => (
          <Choice
            key={option.value}
            label={option.label}
            hint={option.hint}
            className="rounded-md border p-3 has-data-[state=checked]:border-primary"
          >
            <RadioGroupItem value={option.value} className="mt-0.5" />
          </Choice>
        ))}
      </RadioGroup>
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
    </FieldSet>
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
