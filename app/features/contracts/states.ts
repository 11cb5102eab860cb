/**
 * The life of a contract: its statuses and the one table of transitions the server enforces
 * (server/contracts/contracts.server.ts asks `decide()` under the contract's row lock before every
 * change), the same pattern as billing's (app/features/billing/states.ts). Pure, so the pages show
 * only the buttons that would work and a test can drive it.
 */

export const contractStatuses = ['draft', 'sent', 'viewed', 'signed', 'countersigned', 'declined', 'withdrawn'] as const
export type ContractStatus = (typeof contractStatuses)[number]

/** `expired` is read from the calendar: sent or viewed, and its expiry date (New York) has passed. */
export type ShownContractStatus = ContractStatus | 'expired'

export const contractStatusLabels: Record<ShownContractStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  countersigned: 'Countersigned',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
}

/** What the certificate's trail records. */
export type ContractEventKind = 'created' | 'sent' | 'viewed' | 'signed' | 'countersigned' | 'declined' | 'withdrawn'

export const eventLabels: Record<ContractEventKind, string> = {
  created: 'Created',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  countersigned: 'Countersigned',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
}

/** The values a template's placeholders are filled with (besides the client's name and company). */
export type ContractFields = {
  plan: string
  pricePerUser: string
  users: string
  startDate: string
  term: string
}

const awaiting: readonly ContractStatus[] = ['sent', 'viewed']

export function shownContractStatus(
  contract: { status: ContractStatus; expiresOn: string },
  today: string,
): ShownContractStatus {
  return awaiting.includes(contract.status) && contract.expiresOn < today ? 'expired' : contract.status
}

export type ContractEvent = 'edit' | 'delete' | 'send' | 'view' | 'sign' | 'decline' | 'withdraw' | 'countersign'
export type ContractParty = 'staff' | 'client'

type Transition = {
  event: ContractEvent
  from: readonly ContractStatus[]
  to: ContractStatus | 'deleted'
  by: ContractParty
  /** Refused once the expiry date has passed. */
  beforeExpiry?: boolean
  needs: string
}

/** THE TABLE (docs/contracts.md lists the same rows). */
export const contractTransitions: readonly Transition[] = [
  { event: 'edit', from: ['draft'], to: 'draft', by: 'staff', needs: '' },
  { event: 'delete', from: ['draft'], to: 'deleted', by: 'staff', needs: '' },
  {
    event: 'send',
    from: ['draft'],
    to: 'sent',
    by: 'staff',
    beforeExpiry: true,
    needs: 'every placeholder filled; expiry date not past',
  },
  { event: 'view', from: ['sent'], to: 'viewed', by: 'client', needs: '(the first opening)' },
  {
    event: 'sign',
    from: ['sent', 'viewed'],
    to: 'signed',
    by: 'client',
    beforeExpiry: true,
    needs: 'consent ticked, full name typed, the text unchanged since sent',
  },
  {
    event: 'decline',
    from: ['sent', 'viewed'],
    to: 'declined',
    by: 'client',
    beforeExpiry: true,
    needs: 'a reason',
  },
  { event: 'withdraw', from: ['sent', 'viewed'], to: 'withdrawn', by: 'staff', needs: 'a reason' },
  {
    event: 'countersign',
    from: ['signed'],
    to: 'countersigned',
    by: 'staff',
    needs: 'the signed text unchanged',
  },
]

export type ContractRefusal = 'unknown-event' | 'wrong-party' | 'wrong-status' | 'expired'

export function decideContract(
  facts: { status: ContractStatus; expired: boolean },
  event: ContractEvent,
  party: ContractParty,
): { ok: true; to: ContractStatus | 'deleted' } | { ok: false; refusal: ContractRefusal } {
  const rows = contractTransitions.filter((t) => t.event === event)
  if (rows.length === 0) return { ok: false, refusal: 'unknown-event' }
  const mine = rows.filter((t) => t.by === party)
  if (mine.length === 0) return { ok: false, refusal: 'wrong-party' }
  const row = mine.find((t) => t.from.includes(facts.status))
  if (!row) return { ok: false, refusal: 'wrong-status' }
  if (row.beforeExpiry && facts.expired) return { ok: false, refusal: 'expired' }
  return { ok: true, to: row.to }
}

/** The events a party could do now (the buttons a page shows). */
export function availableContractEvents(
  facts: { status: ContractStatus; expired: boolean },
  party: ContractParty,
): ContractEvent[] {
  return contractTransitions
    .filter((t) => t.by === party && decideContract(facts, t.event, party).ok)
    .map((t) => t.event)
}

const verbs: Record<ContractEvent, string> = {
  edit: 'edited',
  delete: 'deleted',
  send: 'sent',
  view: 'opened',
  sign: 'signed',
  decline: 'declined',
  withdraw: 'withdrawn',
  countersign: 'countersigned',
}

/** The sentence a person reads when the table says no. */
export function contractRefusalMessage(event: ContractEvent, refusal: ContractRefusal, status: ContractStatus): string {
  if (refusal === 'expired') return 'This contract has expired and can no longer be signed or declined.'
  if (refusal === 'wrong-status') {
    if (status === 'withdrawn') return 'This contract was withdrawn and can no longer be signed.'
    return `A contract that is ${contractStatusLabels[status].toLowerCase()} cannot be ${verbs[event]}.`
  }
  return 'This action is not available.'
}
