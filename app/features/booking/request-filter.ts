import { services } from '~/content/catalog'
import { listParams } from '~/lib/list-params'
import { planChoices } from './choices'
import { type RequestKind, type RequestStatus, requestKinds, requestStatuses } from './workflow'

/** The staff list's filter (server/booking/request-list.server.ts RequestFilter), read from the address. */
export type RequestListFilter = {
  status?: RequestStatus | undefined
  kind?: RequestKind | undefined
  service?: string | undefined
  plan?: string | undefined
  from?: string | undefined
  to?: string | undefined
  assignee?: string | undefined
  q?: string | undefined
  sort: 'received' | 'name' | 'status'
  dir: 'asc' | 'desc'
  page: number
}

const sorts = ['received', 'name', 'status'] as const

/** The list's filter from the address; the CSV export reads it the same way. */
export function requestFilterOf(url: URL, userId: string): RequestListFilter {
  const p = listParams(url)
  const sort = p.sort(sorts, 'received')
  return {
    status: p.oneOf('status', requestStatuses),
    kind: p.oneOf('kind', requestKinds),
    service: p.oneOf(
      'service',
      services.map((s) => s.name),
    ),
    plan: p.oneOf('plan', planChoices),
    from: p.date('from'),
    to: p.date('to'),
    assignee: p.assignee(userId),
    q: p.text('q'),
    sort: sort.key,
    dir: sort.dir,
    page: p.page(),
  }
}
