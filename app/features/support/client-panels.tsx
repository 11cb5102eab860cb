import { CheckCircleIcon, ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { Textarea } from '~/ui/textarea'
import { reopenWindowDays, type TicketStatus } from './catalogue'
import { type TicketForms, TicketPanel } from './ticket-forms'

/** The client ticket page's own parts (docs/support.md): marking it resolved, rating it, the rule of a late reply. */

export function ResolvePanel({ forms }: { forms: TicketForms }) {
  return (
    <TicketPanel id="resolve-title" title="Solved?">
      {forms.message('resolve')}
      <Form method="post">
        <input type="hidden" name="intent" value="resolve" />
        <Button type="submit" variant="outline" disabled={forms.busy}>
          <CheckCircleIcon aria-hidden="true" />
          Mark as resolved
        </Button>
      </Form>
    </TicketPanel>
  )
}

export function RatePanel({ forms }: { forms: TicketForms }) {
  return (
    <TicketPanel id="rate-title" title="How did we do?">
      {forms.message('rate')}
      <Form method="post" className="grid gap-3" noValidate>
        <input type="hidden" name="intent" value="rate" />
        <Field label="A comment" optional error={forms.errors?.comment}>
          <Textarea name="comment" rows={3} maxLength={2000} defaultValue={forms.typed?.comment ?? ''} />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="rating" value="good" variant="outline" disabled={forms.busy}>
            <ThumbsUpIcon aria-hidden="true" />
            Good
          </Button>
          <Button type="submit" name="rating" value="bad" variant="outline" disabled={forms.busy}>
            <ThumbsDownIcon aria-hidden="true" />
            Bad
          </Button>
        </div>
      </Form>
    </TicketPanel>
  )
}

/** What a reply does to a resolved or closed ticket; nothing for one still open. */
export function LateReplyNotice({ status }: { status: TicketStatus }) {
  if (status !== 'resolved' && status !== 'closed') return null
  return (
    <p className="text-muted-foreground text-sm">
      {status === 'resolved'
        ? `A reply within ${reopenWindowDays} days of the resolution reopens this ticket; later, it opens a new one.`
        : 'This ticket is closed: a reply opens a new ticket that links this one.'}
    </p>
  )
}
