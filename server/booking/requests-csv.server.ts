import {
  type RequestKind,
  type RequestStatus,
  requestKindLabels,
  requestStatusLabels,
} from '../../app/features/booking/workflow.ts'
import { businessDateTimeFormat } from '../../app/lib/business-time.ts'
import type { Db } from '../db/client.server.ts'
import { bookings } from '../db/schema/index.server.ts'
import { spreadsheetCsv } from '../spreadsheet-csv.server.ts'
import { referenceOf } from './mail.server.ts'
import { listColumns, orderOf, type RequestFilter, requestConditions } from './request-list.server.ts'

/** At most this many rows in one export; a wider filter is asked to narrow down. */
export const exportLimit = 20_000

/**
 * The current filter as CSV (csv-stringify, CRLF, BOM for Excel): every text field that a
 * spreadsheet would run as a formula is prefixed with an apostrophe (server/spreadsheet-csv.server.ts).
 */
export async function requestsCsv(db: Db, filter: RequestFilter): Promise<{ csv: string; rows: number }> {
  const rows = await db
    .select({
      ...listColumns,
      phone: bookings.phone,
      employees: bookings.employees,
      message: bookings.message,
      source: bookings.source,
    })
    .from(bookings)
    .where(requestConditions(filter))
    .orderBy(...orderOf(filter))
    .limit(exportLimit)
  const csv = spreadsheetCsv(
    [
      [
        'Reference',
        'Received (New York)',
        'Kind',
        'Status',
        'Name',
        'Company',
        'E-mail',
        'Phone',
        'Users',
        'Services',
        'Plan',
        'Message',
        'Source page',
        'Assignee',
        'Appointment (New York)',
      ],
      ...rows.map((r) => [
        referenceOf(r.id),
        businessDateTimeFormat.format(r.receivedAt),
        requestKindLabels[r.kind as RequestKind] ?? r.kind,
        requestStatusLabels[r.status as RequestStatus] ?? r.status,
        r.name,
        r.company,
        r.email,
        r.phone,
        r.employees,
        r.services.join(', '),
        r.plan,
        r.message,
        r.source,
        r.assigneeEmail,
        r.appointmentAt ? businessDateTimeFormat.format(r.appointmentAt) : '',
      ]),
    ],
    { bom: true },
  )
  return { csv, rows: rows.length }
}
