import { SendIcon } from 'lucide-react'
import { Form, redirect, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { ClientNavbar } from '~/features/accounts/client-navbar'
import { guardedUser } from '~/features/accounts/guards.server'
import { defaultTicketTargets, ticketPriorities, ticketPriorityWords } from '~/features/support'
import { AttachField } from '~/features/support/attach-field'
import { supportDeps, ticketViewerOf } from '~/features/support/context.server'
import { formFiles } from '~/features/support/files.server'
import { newTicketFormSchema } from '~/features/support/schema'
import { CategorySelect } from '~/features/support/ticket-forms'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { BackLink } from '~/ui/page-header'
import { Textarea } from '~/ui/textarea'
import { openTicket } from '../../../server/support/tickets.server.ts'
import type { Route } from './+types/new'

// /support/new: a client asks for help: a subject, what happened, the service line, how urgent
// (with the answer and resolution times that priority has), and up to 5 files.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Get help | Support',
    description: `Ask ${business.name} for help.`,
    path: '/support/new',
    matches,
    noindex: true,
  })

export const loader = (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  return { name: user.name, staff: user.role !== 'client' }
}

export const action = intentAction(
  {
    open: {
      schema: newTicketFormSchema,
      invalid: 'Check the highlighted fields.',
      run: async (ctx, input) => {
        const viewer = ticketViewerOf(guardedUser(ctx.context))
        if (viewer?.kind !== 'client') {
          throw new DomainError('forbidden', 'Staff open tickets for a client in the back office.')
        }
        const ticket = await openTicket(supportDeps(ctx.context), viewer, {
          ...input,
          attachments: await formFiles(ctx.form),
        })
        return redirect(`/support/${ticket.id}?opened=1`)
      },
    },
  },
  { outage: nothingRecordedMessage },
)

export default function NewTicket({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const typed = result && !result.ok ? result.values : undefined
  return (
    <>
      <ClientNavbar name={loaderData.name} />
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
        <BackLink to="/support">Support</BackLink>
        <h1 className="font-bold text-3xl tracking-tight">Get help</h1>
        <p className="text-muted-foreground">
          Tell us what is wrong. We answer by e-mail and on this site; you can reply either way.
        </p>
        {loaderData.staff && (
          <FormMessage tone="notice">
            This is the clients&apos; form. Staff open a ticket for a client from the back office.
          </FormMessage>
        )}
        {result && !result.ok && <FormMessage tone="error">{result.message}</FormMessage>}
        <Form method="post" encType="multipart/form-data" className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="open" />
          <Field
            label="Subject"
            required
            error={errors?.subject}
            hint="A few words, for example: the printer does not print."
          >
            <Input name="subject" maxLength={200} defaultValue={typed?.subject ?? ''} autoComplete="off" />
          </Field>
          <Field
            label="What happened?"
            required
            error={errors?.body}
            hint="What you did, what you saw, since when, who is affected."
          >
            <Textarea name="body" rows={7} maxLength={20_000} defaultValue={typed?.body ?? ''} />
          </Field>
          <CategorySelect label="What is it about?" error={errors?.category} defaultValue={typed?.category} />
          <FieldSet legend="How urgent is it?" required error={errors?.priority}>
            {ticketPriorities.map((priority) => (
              <label key={priority} className="flex items-start gap-3 text-sm">
                <input
                  type="radio"
                  name="priority"
                  value={priority}
                  defaultChecked={(typed?.priority ?? 'normal') === priority}
                  className="mt-0.5 size-5 shrink-0 accent-primary"
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{ticketPriorityWords[priority]}</span>
                  <span className="text-muted-foreground">
                    We aim for: {defaultTicketTargets[priority].words} (business hours, Monday to Friday 8:00–17:00 New
                    York time).
                  </span>
                </span>
              </label>
            ))}
          </FieldSet>
          <AttachField error={errors?.attachments} />
          <div>
            <Button type="submit" disabled={busy}>
              <SendIcon aria-hidden="true" />
              {busy ? 'Sending…' : 'Send to support'}
            </Button>
          </div>
        </Form>
      </div>
    </>
  )
}
