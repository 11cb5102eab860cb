import { isUuid } from '../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import { type Database, selectRows, sql } from '../db/client.server.ts'
import { MAIL_QUEUE, type Outbox } from '../mail/outbox.server.ts'

/**
 * Staff's actions on one message of the outbox (the sync-status view): retry now and discard,
 * each with its audit entry in the same transaction. A message that is being sent, was sent or is
 * gone is left alone (the answer says so).
 */
export type MailAction = 'retry' | 'discard'

export async function actOnMail(
  deps: { database: Database; outbox: Pick<Outbox, 'retryNow' | 'discard'> },
  actor: AuditActor,
  action: MailAction,
  id: string,
): Promise<{ done: boolean }> {
  if (!isUuid(id)) return { done: false }
  return deps.database.db.transaction(async (tx) => {
    const [message] = await selectRows<{ to: string[] | null; subject: string | null }>(
      tx,
      sql`select data->'to' as to, data->>'subject' as subject from pgboss.job where name = ${MAIL_QUEUE} and id = ${id}`,
    )
    const state = action === 'retry' ? await deps.outbox.retryNow(id, tx) : await deps.outbox.discard(id, tx)
    if (!state) return { done: false }
    await recordAudit(tx, actor, {
      action: action === 'retry' ? 'mail.retry' : 'mail.discard',
      subjectId: id,
      details: { previousState: state, to: message?.to ?? null, subject: message?.subject ?? null },
    })
    return { done: true }
  })
}
