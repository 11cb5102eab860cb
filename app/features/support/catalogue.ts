/**
 * The names of support tickets (docs/support.md), each list defined once: the database's CHECKs are
 * written from these (server/db/schema/support.server.ts) and tests/integration/catalogues.test.ts
 * reads them back. Pure, so pages and the server share them.
 */

/** The service lines a ticket is about. */
export const ticketCategories = [
  'managed_it',
  'cybersecurity',
  'network',
  'cloud',
  'project',
  'specialty',
  'residential',
] as const
export type TicketCategory = (typeof ticketCategories)[number]

export const ticketCategoryLabels: Record<TicketCategory, string> = {
  managed_it: 'Managed IT',
  cybersecurity: 'Cybersecurity',
  network: 'Network',
  cloud: 'Cloud',
  project: 'Project',
  specialty: 'Specialty',
  residential: 'Residential',
}

/** Lowest first. */
export const ticketPriorities = ['low', 'normal', 'high', 'urgent'] as const
export type TicketPriority = (typeof ticketPriorities)[number]

export const ticketPriorityLabels: Record<TicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
}

/** What each priority means, in the words a client picks it by. */
export const ticketPriorityWords: Record<TicketPriority, string> = {
  low: 'low: a question or a small change, no hurry',
  normal: 'normal: something is not working as it should',
  high: 'high: people cannot do part of their work',
  urgent: 'urgent: the business cannot work',
}

/**
 * The default first-response and resolution targets per priority, in business minutes (Monday to
 * Friday 8:00–17:00 New York: a business day is 9 business hours), with the words pages show. The
 * business-hours clock and the targets the queue counts with are sla's (docs/support.md#targets).
 */
export const businessDayMinutes = 9 * 60

export type TicketTarget = { firstResponseMinutes: number; resolutionMinutes: number; words: string }

export const defaultTicketTargets: Record<TicketPriority, TicketTarget> = {
  urgent: {
    firstResponseMinutes: 60,
    resolutionMinutes: 4 * 60,
    words: 'first answer within 1 hour, solved within 4 hours',
  },
  high: {
    firstResponseMinutes: 2 * 60,
    resolutionMinutes: businessDayMinutes,
    words: 'first answer within 2 hours, solved within 1 business day',
  },
  normal: {
    firstResponseMinutes: 4 * 60,
    resolutionMinutes: 3 * businessDayMinutes,
    words: 'first answer within 4 hours, solved within 3 business days',
  },
  low: {
    firstResponseMinutes: businessDayMinutes,
    resolutionMinutes: 5 * businessDayMinutes,
    words: 'first answer within 1 business day, solved within 5 business days',
  },
}

/** new → open → waiting on client → resolved → closed. */
export const ticketStatuses = ['new', 'open', 'waiting_on_client', 'resolved', 'closed'] as const
export type TicketStatus = (typeof ticketStatuses)[number]

/** Staff's words. */
export const ticketStatusLabels: Record<TicketStatus, string> = {
  new: 'New',
  open: 'Open',
  waiting_on_client: 'Waiting on client',
  resolved: 'Resolved',
  closed: 'Closed',
}

/** A client's words for the same statuses. */
export const ticketStatusClientLabels: Record<TicketStatus, string> = {
  new: 'Received',
  open: 'In progress',
  waiting_on_client: 'Waiting for your answer',
  resolved: 'Resolved',
  closed: 'Closed',
}

/** Who moves a ticket. */
export type TicketParty = 'staff' | 'client'

/**
 * The one table of status moves (the server checks it under the ticket's row lock). A client only
 * marks their ticket resolved; their reply reopens a resolved one (the reopen rule, in addReply),
 * which is not a move they pick. A closed ticket stays closed: a later reply opens a new ticket
 * that links it.
 */
export const ticketTransitions: Record<TicketStatus, Partial<Record<TicketStatus, readonly TicketParty[]>>> = {
  new: { open: ['staff'], waiting_on_client: ['staff'], resolved: ['staff', 'client'], closed: ['staff'] },
  open: { waiting_on_client: ['staff'], resolved: ['staff', 'client'], closed: ['staff'] },
  waiting_on_client: { open: ['staff'], resolved: ['staff', 'client'], closed: ['staff'] },
  resolved: { open: ['staff'], closed: ['staff'] },
  closed: {},
}

export function canMoveTicket(from: TicketStatus, to: TicketStatus, party: TicketParty): boolean {
  return ticketTransitions[from][to]?.includes(party) ?? false
}

/** The statuses staff may pick from `from` (for the page's select). */
export function nextTicketStatuses(from: TicketStatus, party: TicketParty): TicketStatus[] {
  return ticketStatuses.filter((to) => canMoveTicket(from, to, party))
}

/** A ticket still being worked on (not resolved or closed). */
export const activeTicketStatuses: readonly TicketStatus[] = ['new', 'open', 'waiting_on_client']

/** How long after resolution a client's reply reopens the ticket (later, it opens a new one). */
export const reopenWindowDays = 7

export const ticketMessageAuthorKinds = ['client', 'staff', 'system', 'email_unknown'] as const
export type TicketMessageAuthorKind = (typeof ticketMessageAuthorKinds)[number]

/** Internal notes are staff's alone: never on a client's page, in their JSON or in an e-mail. */
export const ticketMessageVisibilities = ['public', 'internal'] as const
export type TicketMessageVisibility = (typeof ticketMessageVisibilities)[number]

export const ticketMessageSources = ['portal', 'email', 'staff'] as const
export type TicketMessageSource = (typeof ticketMessageSources)[number]

/** What a ticket's history records (what the targets' clock reads to pause while waiting on the client). */
export const ticketEventKinds = [
  'opened',
  'status',
  'priority',
  'assignee',
  'time',
  'merge',
  'rating',
  'reopened',
  'participant',
  'follow_up',
] as const
export type TicketEventKind = (typeof ticketEventKinds)[number]

export const ticketRatings = ['good', 'bad'] as const
export type TicketRating = (typeof ticketRatings)[number]

export const ticketRatingLabels: Record<TicketRating, string> = { good: 'Good', bad: 'Bad' }

/** A ticket's number as people read it: T-000123. */
export function ticketNumberText(number: number): string {
  return `T-${String(number).padStart(6, '0')}`
}

/** The number in `T-000123` / `#T-000123` (any case), or null. */
export function ticketNumberFrom(text: string): number | null {
  const match = /#?T-(\d{1,9})\b/i.exec(text)
  return match?.[1] ? Number(match[1]) : null
}

/** Field limits shared by the forms and the services. */
export const ticketLimits = {
  subject: 200,
  body: 20_000,
  ratingComment: 2_000,
  /** Minutes of time spent added at once (a working day and a half). */
  timeMinutes: 12 * 60,
  attachmentsPerMessage: 5,
  attachmentBytes: 10 * 1024 * 1024,
  messageAttachmentBytes: 25 * 1024 * 1024,
} as const

/**
 * The line above which a client answers a ticket's e-mail: incoming mail cuts what is below it
 * (the quoted history). Every reply we send starts with it.
 */
export const replyAboveLine = '—— Reply above this line to answer the ticket ——'
