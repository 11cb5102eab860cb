import { SendIcon } from 'lucide-react'
import { Form, redirect, useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { ticketPriorities, ticketPriorityWords } from '~/features/support'
import { AttachField } from '~/features/support/attach-field'
import { supportDeps } from '~/features/support/context.server'
import { formFiles } from '~/features/support/files.server'
import { staffTicketFormSchema } from '~/features/support/schema'
import { CategorySelect, PersonSelect, useTicketForms } from '~/features/support/ticket-forms'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { intentAction } from '~/lib/forms/intent-action.server'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { isUuid } from '~/lib/uuid'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { BackLink, PageHeader } from '~/ui/page-header'
import { Textarea } from '~/ui/textarea'
import { organisationChoices } from '../../../server/support/inbound/triage.server.ts'
import { colleaguesOf, openTicket } from '../../../server/support/tickets.server.ts'
import type { Route } from './+types/ticket-new'

// /employee/tickets/new (employees and admins): staff open a ticket for an organisation, for one of
// its people, who gets it by e-mail as a staff reply (docs/support.md#staff-open-a-ticket). The
// organisation is chosen first (`?organisation=<id>`, also the link from its page); its people follow.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Open a ticket',
    description: `Open a support ticket for a client of ${business.name}.`,
    path: '/employee/tickets/new',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const asked = listParams(new URL(args.request.url)).text('organisation', 40)
  const organisations = await organisationChoices(database.db)
  const chosen = asked && isUuid(asked) ? organisations.find((o) => o.id === asked) : undefined
  const people = chosen ? await colleaguesOf(database.db, chosen.id) : []
  return { organisations, chosen: chosen ?? null, people, unknown: asked !== undefined && !chosen }
}

export const action = intentAction(
  {
    open: {
      schema: staffTicketFormSchema,
      invalid: 'Check the highlighted fields.',
      run: async (ctx, input) => {
        const user = guardedUser(ctx.context)
        const ticket = await openTicket(
          supportDeps(ctx.context),
          { kind: 'staff', userId: user.userId, email: user.email },
          { ...input, attachments: await formFiles(ctx.form) },
        )
        return redirect(`/employee/tickets/${ticket.id}?opened=1`)
      },
    },
  },
  { outage: nothingRecordedMessage },
)

export default function NewStaffTicket({ loaderData }: Route.ComponentProps) {
  const { organisations, chosen, people } = loaderData
  const result = useActionData<typeof action>()
  const forms = useTicketForms(result)
  const errors = forms.errors
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <BackLink to="/employee/tickets">Support tickets</BackLink>
      <PageHeader title="Open a ticket">
        <p className="text-muted-foreground text-sm">
          For a client who called or wrote to someone directly. The person it is for gets it by e-mail and answers there
          or in the portal.
        </p>
      </PageHeader>
      {loaderData.unknown && (
        <FormMessage tone="notice">That organisation is not in the list any more. Choose another.</FormMessage>
      )}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Organisation">
        <Field label="Organisation" required className="w-full sm:w-auto sm:min-w-72">
          <NativeSelect name="organisation" defaultValue={chosen?.id ?? ''}>
            <option value="" disabled>
              Choose an organisation
            </option>
            {organisations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="outline">
          {chosen ? 'Change' : 'Choose'}
        </Button>
      </Form>
      {chosen && people.length === 0 && (
        <FormMessage tone="notice">
          Nobody at {chosen.name} has an account yet: invite a person from the organisation&apos;s page first.
        </FormMessage>
      )}
      {chosen && people.length > 0 && (
        <Form method="post" encType="multipart/form-data" className="grid gap-5" noValidate aria-label="New ticket">
          {result && !result.ok && <FormMessage tone="error">{result.message}</FormMessage>}
          <input type="hidden" name="intent" value="open" />
          <input type="hidden" name="organisationId" value={chosen.id} />
          <PersonSelect
            name="requesterUserId"
            label={`For whom at ${chosen.name}`}
            people={people}
            error={errors?.requesterUserId ?? errors?.organisationId}
            defaultValue={forms.typed?.requesterUserId ?? ''}
            required
          />
          <Field label="Subject" required error={errors?.subject}>
            <Input name="subject" maxLength={200} defaultValue={forms.typed?.subject ?? ''} autoComplete="off" />
          </Field>
          <Field
            label="Description"
            required
            error={errors?.body}
            hint="What the client reported, as they will read it."
          >
            <Textarea name="body" rows={7} maxLength={20_000} defaultValue={forms.typed?.body ?? ''} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <CategorySelect label="Category" error={errors?.category} defaultValue={forms.typed?.category} />
            <Field label="Priority" required error={errors?.priority}>
              <NativeSelect name="priority" defaultValue={forms.typed?.priority ?? 'normal'}>
                {ticketPriorities.map((priority) => (
                  <option key={priority} value={priority}>
                    {ticketPriorityWords[priority]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <AttachField error={errors?.attachments} />
          <div>
            <Button type="submit" disabled={forms.busy}>
              <SendIcon aria-hidden="true" />
              {forms.busy ? 'Opening…' : 'Open the ticket'}
            </Button>
          </div>
        </Form>
      )}
    </div>
  )
}
