import { type TicketPriority, ticketPriorityLabels } from '../../app/features/support/catalogue.ts'
import { type TargetKind, targetKindLabels } from '../../app/features/support/targets.ts'
import { businessDateTimeFormat } from '../../app/lib/business-time.ts'
import type { MailMessage } from '../mail/outbox.server.ts'

/**
 * The warning staff get shortly before a ticket's target is missed (docs/support.md#targets): to
 * the assignee, or to the admins when nobody is assigned. No ticket number in brackets in the
 * subject: this mail is not part of the client's thread, and an answer to it must not land there.
 */
export function targetWarningMail(
  to: string,
  warning: {
    number: string
    subject: string
    priority: TicketPriority
    target: TargetKind
    dueAt: Date
    /** The moment has already passed (the job could not run in time). */
    missed: boolean
    assigned: boolean
    link: string
  },
): MailMessage {
  const what = targetKindLabels[warning.target].toLowerCase()
  const when = businessDateTimeFormat.format(warning.dueAt)
  return {
    to: [to],
    subject: `Ticket ${warning.number}: ${what} ${warning.missed ? 'was due' : 'due'} ${when}`,
    text: `${warning.missed ? 'The' : 'Soon: the'} ${what} target of ticket ${warning.number} ${warning.missed ? 'was missed at' : 'is due at'} ${when} (business hours, New York time).

${warning.number} · ${ticketPriorityLabels[warning.priority]} priority
${warning.subject}
${warning.assigned ? '' : '\nNobody is assigned to it: every admin gets this warning.\n'}
Open the ticket: ${warning.link}
`,
  }
}
