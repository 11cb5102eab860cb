import { SendIcon, UserPlusIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import type { ActionResult } from '~/lib/forms/result'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { NativeSelect } from '~/ui/native-select'
import { Textarea } from '~/ui/textarea'
import { AttachField } from './attach-field'
import { type TicketStatus, ticketCategories, ticketCategoryLabels } from './catalogue'
import { TicketStatusBadge } from './status-badge'

/**
 * The parts both ticket pages share (the staff's in the back office, the client's in the portal):
 * the state of their forms, the title with its status, the reply form and the people copied. Who
 * looks decides the words: staff read staff's, clients read theirs.
 */

export type Audience = 'client' | 'staff'

/** What a ticket page's action answers (intentAction's result). */
export type TicketResult = (ActionResult & { intent?: string }) | undefined

/** The state every form of a ticket page reads: busy, the errors and values of the last answer, its message. */
export type TicketForms = {
  busy: boolean
  errors: Record<string, string[]> | undefined
  typed: Record<string, string> | undefined
  /** The answer's message, shown above the form of `intent` that sent it. */
  message: (intent: string) => ReactNode
  /** A form's field errors, only when that form sent the last answer. */
  errorsOf: (intent: string) => Record<string, string[]> | undefined
}

export function useTicketForms(result: TicketResult): TicketForms {
  const navigation = useNavigation()
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return {
    busy: navigation.state !== 'idle',
    errors,
    typed: result && !result.ok ? result.values : undefined,
    message: (intent) =>
      result?.intent === intent ? (
        <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
      ) : null,
    errorsOf: (intent) => (result?.intent === intent ? errors : undefined),
  }
}

/** The ticket's subject as the page's heading, its status badge and the line about it. */
export function TicketTitle({
  subject,
  status,
  audience,
  children,
}: {
  subject: string
  status: TicketStatus
  audience: Audience
  children: ReactNode
}) {
  return (
    <>
      <h1 className="break-words font-bold text-3xl tracking-tight">{subject}</h1>
      <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
        <TicketStatusBadge status={status} audience={audience} />
        <span>{children}</span>
      </p>
    </>
  )
}

/** A panel of a ticket page's side column, titled. */
export function TicketPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

const replyWords = {
  staff: { title: 'Reply or note', label: 'Message', rows: 6 },
  client: { title: 'Reply', label: 'Your reply', rows: 5 },
} as const

/**
 * The reply form with its files. Staff send a public reply (e-mailed to the client side) or add an
 * internal note; a client sends a reply. `notice` is said above the form (a closed ticket's rule).
 */
export function ReplyForm({ audience, forms, notice }: { audience: Audience; forms: TicketForms; notice?: ReactNode }) {
  const words = replyWords[audience]
  return (
    <section aria-labelledby="reply-title" className="grid gap-3">
      <h2 id="reply-title" className="font-semibold text-xl">
        {words.title}
      </h2>
      {notice}
      {forms.message('reply')}
      <Form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="reply" />
        <Field label={words.label} required error={forms.errors?.body}>
          <Textarea name="body" rows={words.rows} maxLength={20_000} defaultValue={forms.typed?.body ?? ''} />
        </Field>
        <AttachField error={forms.errorsOf('reply')?.attachments} />
        {audience === 'staff' ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="visibility" value="public" disabled={forms.busy}>
              <SendIcon aria-hidden="true" />
              Send reply to the client
            </Button>
            <Button type="submit" name="visibility" value="internal" variant="outline" disabled={forms.busy}>
              Add internal note
            </Button>
          </div>
        ) : (
          <div>
            <Button type="submit" disabled={forms.busy}>
              <SendIcon aria-hidden="true" />
              Send reply
            </Button>
          </div>
        )}
      </Form>
    </section>
  )
}

type Person = { userId: string; name: string; email?: string }

/** A choice of one person of the organisation, by name and e-mail. */
export function PersonSelect({
  name,
  label,
  people,
  error,
  defaultValue = '',
  required,
}: {
  name: string
  label: string
  people: readonly (Person & { email: string })[]
  error?: string[] | undefined
  defaultValue?: string
  required?: boolean
}) {
  return (
    <Field label={label} error={error} required={required}>
      <NativeSelect name={name} defaultValue={defaultValue}>
        <option value="" disabled>
          Choose a person
        </option>
        {people.map((p) => (
          <option key={p.userId} value={p.userId}>
            {p.name} ({p.email})
          </option>
        ))}
      </NativeSelect>
    </Field>
  )
}

const copyWords = {
  staff: { nobody: 'Nobody besides the requester.', label: 'Copy a person of the organisation' },
  client: { nobody: 'Nobody else yet.', label: 'Copy a colleague' },
} as const

/** The people copied on the ticket, and a form to copy another person of the organisation. */
export function CopiedPanel({
  audience,
  participants,
  colleagues,
  forms,
}: {
  audience: Audience
  participants: readonly Person[]
  colleagues: readonly (Person & { email: string })[]
  forms: TicketForms
}) {
  const words = copyWords[audience]
  return (
    <TicketPanel id="copied-title" title="Copied">
      {participants.length === 0 ? (
        <p className="text-muted-foreground text-sm">{words.nobody}</p>
      ) : (
        <ul className="text-sm">
          {participants.map((p) => (
            <li key={p.userId}>{p.email ? `${p.name} (${p.email})` : p.name}</li>
          ))}
        </ul>
      )}
      {forms.message('copy')}
      {colleagues.length > 0 && (
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="copy" />
          <PersonSelect name="userId" label={words.label} people={colleagues} error={forms.errors?.userId} />
          <div>
            <Button type="submit" variant="outline" disabled={forms.busy}>
              <UserPlusIcon aria-hidden="true" />
              Copy
            </Button>
          </div>
        </Form>
      )}
    </TicketPanel>
  )
}

type TicketRef = { id: string; number: string } | null

/** Where a merged ticket continues, and the closed ticket a follow-up came from. */
export function TicketLinks({
  base,
  mergedInto,
  previous,
  audience,
}: {
  base: string
  mergedInto: TicketRef
  previous: TicketRef
  audience: Audience
}) {
  return (
    <>
      {mergedInto && (
        <FormMessage tone="notice">
          {audience === 'staff' ? 'Merged into' : 'This question continues in'}{' '}
          <Link to={`${base}/${mergedInto.id}`} className="font-semibold underline">
            {mergedInto.number}
          </Link>
          .
        </FormMessage>
      )}
      {previous && (
        <p className="text-sm">
          Follows up{' '}
          <Link to={`${base}/${previous.id}`} className="font-semibold text-primary underline">
            {previous.number}
          </Link>
          {audience === 'client' ? '.' : ''}
        </p>
      )}
    </>
  )
}

/** The service line a new ticket is about (the client's words or staff's in `label`). */
export function CategorySelect({
  label,
  error,
  defaultValue,
}: {
  label: string
  error?: string[] | undefined
  defaultValue?: string | undefined
}) {
  return (
    <Field label={label} required error={error}>
      <NativeSelect name="category" defaultValue={defaultValue ?? 'managed_it'}>
        {ticketCategories.map((category) => (
          <option key={category} value={category}>
            {ticketCategoryLabels[category]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  )
}
