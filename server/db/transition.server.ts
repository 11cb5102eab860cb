import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AuditAction } from '../../app/features/staff/audit-actions.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from './client.server.ts'

/**
 * The preamble every state change of a record shares (billing documents, contracts, booking
 * requests): in the change's transaction, lock the row (the visitor's own only, or at the version
 * their page was loaded on), ask the feature's transition table whether this party may make this
 * move now, and refuse in the feature's words; after the change, its audit row. The feature writes
 * the change itself (and its own history line, when it keeps one) between `begin` and `audit`.
 *
 *   const { row, to } = await documentMoves.begin(tx, id, { event: 'void', party: 'staff', facts })
 *   const [doc] = await tx.update(billingDocuments).set({ status: to, … }).where(…).returning()
 *   await documentMoves.audit(tx, actor, 'billing.void', doc, { reason })
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What a transition table answers: the status the move leads to, or why it is refused. */
export type Decision<To, Refusal extends string> = { ok: true; to: To } | { ok: false; refusal: Refusal }

type WithId = PgTable & { id: PgColumn }

/** What the change replaced and what it wrote, for the audit log's before/after view. */
export type AuditChange = { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null }

export type TransitionSpec<T extends WithId, Event, Party extends string, Facts, To, Refusal extends string> = {
  table: T
  /** The one answer for a record that does not exist or is not the visitor's. */
  notFoundMessage: string
  /** The transition table: may `party` do `event` to this row now? */
  decide: (row: T['$inferSelect'], event: Event, party: Party, facts: Facts) => Decision<To, Refusal>
  /** The words a person reads when the table refuses. */
  refusalMessage: (row: T['$inferSelect'], event: Event, refusal: Refusal) => string
  /**
   * Refusals a party is answered "not found" for instead: a client is never told what exists beyond
   * their own buttons.
   */
  hidden?: { party: NoInfer<Party>; refusals: readonly NoInfer<Refusal>[] }
  /** Only the rows an organisation may see (a client's lock): conditions added to the id's. */
  visibleTo?: (organisationId: string) => SQL[]
  /** The row's version column and the words when the row moved on since the page was loaded. */
  version?: { of: (row: T['$inferSelect']) => number; conflictMessage: string }
  /** What every audit row of this record says of it (its number, its client, its status). */
  auditDetails: (row: T['$inferSelect']) => Record<string, unknown>
}

export type LockOptions = {
  /** A client's lock: only their organisation's rows (the spec's `visibleTo`). */
  organisationId?: string | undefined
  /** The version the page was loaded on; a row changed since is a conflict. */
  version?: number | undefined
}

export type Transitions<T extends WithId, Event, Party extends string, Facts, To> = {
  notFound: () => DomainError
  /** The row, locked until the transaction ends; not found (in the feature's words) otherwise. */
  lock: (tx: Tx, id: string, options?: LockOptions) => Promise<T['$inferSelect']>
  /** Asks the transition table; a refusal is thrown as the DomainError a person reads. */
  allow: (row: T['$inferSelect'], event: Event, party: Party, facts: Facts) => To
  /** lock, then allow: the locked row and the status the move leads to. */
  begin: (
    tx: Tx,
    id: string,
    move: { event: Event; party: Party; facts: Facts } & LockOptions,
  ) => Promise<{ row: T['$inferSelect']; to: To }>
  /** The move's audit row, in the same transaction, with the record's usual details and `extra`. */
  audit: (
    tx: Tx,
    actor: AuditActor,
    action: AuditAction,
    row: T['$inferSelect'],
    extra?: Record<string, unknown>,
    change?: AuditChange,
  ) => Promise<void>
}

export function defineTransitions<T extends WithId, Event, Party extends string, Facts, To, Refusal extends string>(
  spec: TransitionSpec<T, Event, Party, Facts, To, Refusal>,
): Transitions<T, Event, Party, Facts, To> {
  type Row = T['$inferSelect']
  const notFound = () => new DomainError('not_found', spec.notFoundMessage)

  async function lock(tx: Tx, id: string, options: LockOptions = {}): Promise<Row> {
    if (!isUuid(id)) throw notFound()
    const conditions: SQL[] = [eq(spec.table.id, id)]
    if (options.organisationId !== undefined) {
      if (!spec.visibleTo) throw new Error('this record has no owner to lock by')
      conditions.push(...spec.visibleTo(options.organisationId))
    }
    const rows = (await tx
      .select()
      .from(spec.table as PgTable)
      .where(and(...conditions))
      .for('update')) as Row[]
    const row = rows[0]
    if (!row) throw notFound()
    if (options.version !== undefined) {
      if (!spec.version) throw new Error('this record has no version to lock at')
      if (spec.version.of(row) !== options.version) throw new DomainError('conflict', spec.version.conflictMessage)
    }
    return row
  }

  function allow(row: Row, event: Event, party: Party, facts: Facts): To {
    const decision = spec.decide(row, event, party, facts)
    if (decision.ok) return decision.to
    if (spec.hidden && party === spec.hidden.party && spec.hidden.refusals.includes(decision.refusal)) {
      throw notFound()
    }
    throw new DomainError('conflict', spec.refusalMessage(row, event, decision.refusal))
  }

  async function begin(tx: Tx, id: string, move: { event: Event; party: Party; facts: Facts } & LockOptions) {
    const row = await lock(tx, id, move)
    return { row, to: allow(row, move.event, move.party, move.facts) }
  }

  async function audit(
    tx: Tx,
    actor: AuditActor,
    action: AuditAction,
    row: Row,
    extra: Record<string, unknown> = {},
    change: AuditChange = {},
  ) {
    await recordAudit(tx, actor, {
      action,
      subjectId: (row as { id: string }).id,
      details: { ...spec.auditDetails(row), ...extra },
      before: change.before,
      after: change.after,
    })
  }

  return { notFound, lock, allow, begin, audit }
}
