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
  /** Running targets missed within the next business hour, or already missed (docs/support.md#targets). */
  target?: TicketTargetFilter | undefined
  sort: TicketQueueSort
  dir: 'asc' | 'desc'
  page: number
}

/** `target`: the soonest due target first (paused and met ones last). */
export const ticketQueueSorts = ['updated', 'created', 'priority', 'number', 'target'] as const
export type TicketQueueSort = (typeof ticketQueueSorts)[number]

export const ticketTargetFilters = ['due_soon', 'breached'] as const
export type TicketTargetFilter = (typeof ticketTargetFilters)[number]
export const ticketTargetFilterLabels: Record<TicketTargetFilter, string> = {
  due_soon: 'Due within the hour',
  breached: 'Target missed',
}

export function ticketQueueFilterOf(url: URL, userId: string): TicketQueueFilter {
  const p = listParams(url)
  const sort = p.sort(ticketQueueSorts, 'updated')
  const organisation = p.text('organisation', 40)
  return {
    status: p.oneOf('status', [...ticketStatuses, 'active'] as const),
    priority: p.oneOf('priority', ticketPriorities),
    category: p.oneOf('category', ticketCategories),
    organisation: organisation && isUuid(organisation) ? organisation : undefined,
    assignee: p.assignee(userId),
    q: p.text('q'),
    target: p.oneOf('target', ticketTargetFilters),
    sort: sort.key,
    dir: sort.dir,
    page: p.page(),
  }
}
