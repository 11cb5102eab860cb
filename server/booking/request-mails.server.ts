import { sql } from 'drizzle-orm'
import type { JobState, MailState as MailStateName } from '../../app/features/staff/mail-states.ts'
import { type Db, selectRows } from '../db/client.server.ts'

/**
 * The delivery state of a request's e-mails, read from pg-boss's job table (the outbox is a
 * pg-boss queue, docs/decisions/004-mail-outbox-pg-boss.md): the request page shows each one.
 */

export type MailState = {
  id: string
  subject: string
  to: string
  /** pg-boss's state, or `gone` once it cleaned the job up (app/features/staff/mail-states.ts). */
  state: MailStateName
  attempts: number
  createdOn: Date | null
  completedOn: Date | null
}

/** The outbox messages by id, with their delivery state (pg-boss keeps finished jobs for a week). */
export async function mailStates(db: Db, ids: string[]): Promise<MailState[]> {
  if (ids.length === 0) return []
  const rows = await selectRows<{
    id: string
    state: JobState
    retry_count: number
    subject: string | null
    recipients: string | null
    created_on: Date | string | null
    completed_on: Date | string | null
  }>(
    db,
    sql`select id::text, state::text, retry_count, data->>'subject' as subject,
          (select string_agg(value, ', ') from jsonb_array_elements_text(data->'to')) as recipients,
          created_on, completed_on
        from pgboss.job where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  )
  const byId = new Map(rows.map((r) => [r.id, r]))
  const date = (value: Date | string | null) => (value === null ? null : new Date(value))
  return ids.map((id) => {
    const row = byId.get(id)
    return row
      ? {
          id,
          subject: row.subject ?? '',
          to: row.recipients ?? '',
          state: row.state,
          attempts: row.retry_count + (row.state === 'created' ? 0 : 1),
          createdOn: date(row.created_on),
          completedOn: date(row.completed_on),
        }
      : { id, subject: '', to: '', state: 'gone', attempts: 0, createdOn: null, completedOn: null }
  })
}
