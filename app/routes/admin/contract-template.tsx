import { useState } from 'react'
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { ContractText } from '~/features/contracts/contract-text'
import { templateFormSchema } from '~/features/contracts/schema'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { ErrorSummary, Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { Textarea } from '~/ui/textarea'
import { templateById } from '../../../server/contracts/queries.server.ts'
import { createTemplate, updateTemplate } from '../../../server/contracts/templates.server.ts'
import type { Route } from './+types/contract-template'

// /admin/contracts/templates/new and /admin/contracts/templates/{id}: a template's title,
// description and Markdown text with its placeholders, with a preview as it will read.

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    title: loaderData?.template ? `Template: ${loaderData.template.title}` : 'New contract template',
    description: `A contract template of ${business.name}.`,
    path: params.id ? `/admin/contracts/templates/${params.id}` : '/admin/contracts/templates/new',
    matches,
    noindex: true,
  })

const notFound = () => data({ error: 'There is no template at this address.' }, { status: 404 })

export const loader = async (args: Route.LoaderArgs) => {
  if (!args.params.id) return { template: null }
  const { database } = args.context.get(appContext)
  const template = await templateById(database.db, args.params.id)
  if (!template) throw notFound()
  return {
    template: { id: template.id, title: template.title, description: template.description, body: template.body },
  }
}

export const action = intentAction({
  save: {
    schema: templateFormSchema,
    run: async (ctx, input) => {
      const user = guardedUser(ctx.context)
      const { database } = ctx.context.get(appContext)
      const actor = { userId: user.userId, email: user.email }
      if (!ctx.params.id) {
        const template = await createTemplate(database.db, actor, input)
        return redirect(`/admin/contracts/templates/${template.id}`)
      }
      await updateTemplate(database.db, actor, ctx.params.id, input)
    },
    done: 'Template saved.',
  },
})

export default function ContractTemplate({ loaderData }: Route.ComponentProps) {
  const { template } = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not saved' })
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const typed = result && !result.ok ? result.values : undefined
  const [body, setBody] = useState(typed?.body ?? template?.body ?? '')
  const busy = useNavigation().state === 'submitting'
  const labels = [errors?.title && 'Title', errors?.description && 'Description', errors?.body && 'Text'].filter(
    Boolean,
  ) as string[]
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <p className="text-muted-foreground text-sm">
        <Link to="/admin/contracts/templates" className="underline-offset-4 hover:underline">
          Contract templates
        </Link>
      </p>
      <h1 className="font-bold text-3xl tracking-tight">{template ? template.title : 'New contract template'}</h1>
      {result && !errors && <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>}
      <div className="grid gap-6 lg:grid-cols-2">
        <Form method="post" className="grid content-start gap-4" noValidate>
          <ErrorSummary labels={labels} />
          <Field label="Title" error={errors?.title} required>
            <Input name="title" defaultValue={typed?.title ?? template?.title ?? ''} maxLength={200} />
          </Field>
          <Field
            label="Description"
            hint="What it is for, shown when picking one."
            error={errors?.description}
            required
          >
            <Input
              name="description"
              defaultValue={typed?.description ?? template?.description ?? ''}
              maxLength={500}
            />
          </Field>
          <Field
            label="Text"
            hint="Markdown: # headings, - lists, 1. numbered lists, **bold**; placeholders like {{client_name}}."
            error={errors?.body}
            required
          >
            <Textarea
              name="body"
              rows={28}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              className="font-mono text-sm"
            />
          </Field>
          <div>
            <Button type="submit" size="lg" disabled={busy}>
              Save template
            </Button>
          </div>
        </Form>
        <section aria-labelledby="preview-title" className="grid content-start gap-2">
          <h2 id="preview-title" className="font-semibold text-lg">
            Preview
          </h2>
          <ContractText body={body} label="Preview of the template" />
        </section>
      </div>
    </div>
  )
}
