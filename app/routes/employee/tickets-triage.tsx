import { Form, Link, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { ticketNumberText } from '~/features/support/catalogue'
import { supportDeps } from '~/features/support/context.server'
import {
  inboundMailStateLabels,
  type SenderCheck,
  senderCheckLabels,
  waitingForStaff,
} from '~/features/support/inbound-mail'
import { businessDateTimeFormat } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { BackLink, PageHeader } from '~/ui/page-header'
import {
  attachMailToTicket,
  discardMail,
  listTriage,
  openTicketFromMail,
  organisationChoices,
} from '../../../server/support/inbound/triage.server.ts'
import type { Route } from './+types/tickets-triage'

// /employee/tickets/triage (employees and admins): incoming support e-mail that waits for a person:
// from senders who are no client person we know, and messages held because the sender's domain
// failed the receiving server's checks. Staff open a ticket for an organisation, add the message to
// a ticket, or discard it (each audited). Never shown to clients (docs/support.md#e-mail).

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'E-mail to triage',
    description: `Support e-mail to ${business.name} that waits for staff.`,
    path: '/employee/tickets/triage',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const p = listParams(new URL(args.request.url))
  const state = p.oneOf('state', waitingForStaff)
  const { database } = args.context.get(appContext)
  const [list, organisations] = await Promise.all([
    listTriage(database.db, { state, page: p.page() }),
    organisationChoices(database.db),
  ])
  return { list, organisations, state: state ?? 'all' }
}

const deps = (ctx: IntentContext) => supportDeps(ctx.context)
const staffActor = (ctx: IntentContext) => {
  const user = guardedUser(ctx.context)
  return { userId: user.userId, email: user.email }
}

const messageIdField = z.uuid({ error: 'This message is not waiting for triage (any more).' })
const openSchema = z.object({
  messageId: messageIdField,
  organisationId: z.uuid({ error: 'Choose the organisation the ticket is for.' }),
})
const attachSchema = z.object({
  messageId: messageIdField,
  ticket: z
    .string()
    .trim()
    .min(1, 'Give the number of the ticket, like T-000123.')
    .max(20, 'Give the number of the ticket, like T-000123.')
    .regex(/^(T-?)?\d{1,9}$/i, 'Give the number of the ticket, like T-000123.'),
})
const discardSchema = z.object({ messageId: messageIdField })

export const action = intentAction(
  {
    open: {
      schema: openSchema,
      run: (ctx, input) => openTicketFromMail(deps(ctx), staffActor(ctx), input),
      done: (ticket) => ({ message: `Opened ${ticketNumberText(ticket.number)}.`, ticketId: ticket.ticketId }),
    },
    attach: {
      schema: attachSchema,
      run: (ctx, input) => attachMailToTicket(deps(ctx), staffActor(ctx), input),
      done: (ticket) => ({ message: `Added to ${ticketNumberText(ticket.number)}.`, ticketId: ticket.ticketId }),
    },
    discard: {
      schema: discardSchema,
      run: (ctx, input) => discardMail(deps(ctx), staffActor(ctx), input),
      done: 'Discarded.',
    },
  },
  { outage: nothingRecordedMessage },
)

type Data = Route.ComponentProps['loaderData']
type Item = Data['list']['items'][number]

const filters = [
  { value: 'all', label: 'All waiting' },
  { value: 'triaged', label: inboundMailStateLabels.triaged },
  { value: 'held', label: inboundMailStateLabels.held },
] as const

export default function TicketsTriage({ loaderData }: Route.ComponentProps) {
  const { list, state } = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not changed' })
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <BackLink to="/employee/tickets">Tickets</BackLink>
      <PageHeader title="E-mail to triage">
        <p className="text-muted-foreground text-sm">
          Support e-mail from people who are not clients we know, and e-mail held because the sender could not be
          verified. Open a ticket for an organisation, add it to a ticket, or discard it.
        </p>
      </PageHeader>
      <nav aria-label="Show" className="flex flex-wrap gap-2 text-sm">
        {filters.map((filter) => (
          <Link
            key={filter.value}
            to={filter.value === 'all' ? '?' : `?state=${filter.value}`}
            aria-current={state === filter.value ? 'page' : undefined}
            className="rounded-md border px-3 py-2 aria-[current=page]:bg-secondary aria-[current=page]:font-semibold"
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {result && !result.ok && !result.fieldErrors && <FormMessage tone="error">{result.message}</FormMessage>}
      {list.items.length === 0 ? (
        <p className="text-muted-foreground">Nothing waits for triage.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Messages">
          {list.items.map((item) => (
            <TriageMessage key={item.id} item={item} organisations={loaderData.organisations} result={result} />
          ))}
        </ul>
      )}
      {list.pageCount > 1 && (
        <nav aria-label="Pages" className="flex gap-3 text-sm">
          {list.page > 1 && (
            <Link to={`?state=${state}&page=${list.page - 1}`} className="text-primary hover:underline">
              Previous page
            </Link>
          )}
          <span>
            Page {list.page} of {list.pageCount}
          </span>
          {list.page < list.pageCount && (
            <Link to={`?state=${state}&page=${list.page + 1}`} className="text-primary hover:underline">
              Next page
            </Link>
          )}
        </nav>
      )}
    </div>
  )
}

function TriageMessage({
  item,
  organisations,
  result,
}: {
  item: Item
  organisations: Data['organisations']
  result: ReturnType<typeof useActionData<typeof action>>
}) {
  const busy = useNavigation().state === 'submitting'
  const mine = result && !result.ok && result.values?.messageId === item.id ? result.fieldErrors : undefined
  const sender = item.fromName ? `${item.fromName} <${item.fromAddress}>` : (item.fromAddress ?? 'Unknown sender')
  const titleId = `message-${item.id}`
  return (
    <li className="grid gap-3 rounded-xl border p-4" data-testid="triage-message" aria-labelledby={titleId}>
      <div className="grid gap-1">
        <h2 id={titleId} className="break-words font-semibold">
          {item.subject || '(no subject)'}
        </h2>
        <p className="break-words text-muted-foreground text-sm">
          From {sender}, {businessDateTimeFormat.format(new Date(item.receivedAt))}
        </p>
        <p className="text-sm">
          <span className="font-medium">{inboundMailStateLabels[item.state]}</span>
          {item.reason ? `: ${item.reason}` : ''}
          {item.senderCheck ? ` · ${senderCheckLabels[item.senderCheck as SenderCheck]}` : ''}
        </p>
        {item.ticketId && item.ticketNumber !== null && (
          <p className="text-sm">
            Names{' '}
            <Link to={`/employee/tickets/${item.ticketId}`} className="text-primary hover:underline">
              {ticketNumberText(item.ticketNumber)}
            </Link>
          </p>
        )}
      </div>
      {item.preview && (
        <blockquote className="whitespace-pre-wrap break-words border-l-4 pl-3 text-sm">{item.preview}</blockquote>
      )}
      <div className="grid gap-3 md:grid-cols-3">
        <Form method="post" className="grid content-end gap-2" noValidate>
          <input type="hidden" name="intent" value="open" />
          <input type="hidden" name="messageId" value={item.id} />
          <Field label="Organisation" error={mine?.organisationId}>
            <NativeSelect name="organisationId" defaultValue="">
              <option value="">Choose…</option>
              {organisations.map((organisation) => (
                <option key={organisation.id} value={organisation.id}>
                  {organisation.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button type="submit" disabled={busy}>
            Open a ticket
          </Button>
        </Form>
        <Form method="post" className="grid content-end gap-2" noValidate>
          <input type="hidden" name="intent" value="attach" />
          <input type="hidden" name="messageId" value={item.id} />
          <Field label="Ticket number" error={mine?.ticket}>
            <Input
              name="ticket"
              placeholder="T-000123"
              autoComplete="off"
              defaultValue={item.ticketNumber !== null ? ticketNumberText(item.ticketNumber) : undefined}
            />
          </Field>
          <Button type="submit" variant="secondary" disabled={busy}>
            Add to the ticket
          </Button>
        </Form>
        <Form method="post" className="grid content-end gap-2">
          <input type="hidden" name="intent" value="discard" />
          <input type="hidden" name="messageId" value={item.id} />
          <Button type="submit" variant="outline" disabled={busy}>
            Discard<span className="sr-only"> the message “{item.subject || '(no subject)'}”</span>
          </Button>
        </Form>
      </div>
    </li>
  )
}
