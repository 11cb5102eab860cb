import { listParams } from '~/lib/list-params'
import { isUuid } from '~/lib/uuid'
import {
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
} from './catalogue'

/** The staff queue's filter (server/support/queue.server.ts), read from the address by the list schema. */
export type TicketQueueFilter = {
  /** A status, or `active` (new, open and waiting on the client together). */
  status?: TicketStatus | 'active' | undefined
  priority?: TicketPriority | undefined
  category?: TicketCategory | undefined
  organisation?: string | undefined
  /** A staff member's user id, or `none`. */
  assignee?: string | undefined
  q?: string | undefined
  sort: TicketQueueSort
  dir: 'asc' | 'desc'
  page: number
}

export const ticketQueueSorts = ['updated', 'created', 'priority', 'number'] as const
export type TicketQueueSort = (typeof ticketQueueSorts)[number]

export function ticketQueueFilterOf(url: URL, userId: string): TicketQueueFilter {
  const p = listParams(url)
  const sort = p.sort(ticketQueueSorts, 'updated')
  const assignee = p.text('assignee', 40)
  const organisation = p.text('organisation', 40)
  return {
    status: p.oneOf('status', [...ticketStatuses, 'active'] as const),
    priority: p.oneOf('priority', ticketPriorities),
    category: p.oneOf('category', ticketCategories),
    organisation: organisation && isUuid(organisation) ? organisation : undefined,
    assignee: assignee === 'me' ? userId : assignee === 'none' || (assignee && isUuid(assignee)) ? assignee : undefined,
    q: p.text('q'),
    sort: sort.key,
    dir: sort.dir,
    page: p.page(),
  }
}
