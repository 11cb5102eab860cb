import { useState } from 'react'
import { business } from '~/content/business'
import { businessTimeZoneLabel, toBusinessLocalInput } from '~/lib/business-time'
import type { EditorResult } from '~/lib/forms/editor-action.server'
import type { FieldErrors } from '~/lib/forms/result'
import { slugFromTitle } from '~/lib/slug'
import { EditorForm, fieldErrorsOf, formatTime, PublishState, SlugField, useSuggestedSlug } from '~/ui/content-editor'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/ui/tabs'
import { Textarea } from '~/ui/textarea'
import { blogFieldLimits } from './limits'
import { PostBody } from './post-body'

// The post editor of /admin/blog/new and /admin/blog/{id} (app/routes/admin/blog-post.tsx).

/** The post as the editor's loader gives it. */
export type LoadedPost = {
  id: string
  title: string
  slug: string
  excerpt: string
  body: string
  authorName: string
  metaTitle: string
  metaDescription: string
  status: 'draft' | 'scheduled' | 'published'
  publishedAt: string | null
  updatedAt: string
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

/** The form's first values: the saved post's, or a new post's. */
export function postFormValues(post: LoadedPost | null, author: string): Values {
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

export function PostForm({
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
