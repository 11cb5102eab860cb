import { and, asc, gte, lt, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { calendarDateMessage, isCalendarDate } from '../../app/lib/calendar-date.ts'
import type { Db } from '../db/client.server.ts'
import { consentRecords } from '../db/schema/index.server.ts'
import { spreadsheetCsv } from '../spreadsheet-csv.server.ts'

/** Rows recorded at or after `from` and before `to`; either end may be left open. */
export type ConsentLogRange = { from?: Date; to?: Date }

export const consentLogCsvHeader = [
  'recorded_at',
  'consent_id',
  'policy_version',
  'necessary',
  'analytics',
  'marketing',
  'gpc',
  'action',
  'ip_hash',
] as const

/** The consent log as CSV, oldest first, for admins (docs/consent.md). */
export async function exportConsentLogCsv(db: Db, range: ConsentLogRange = {}): Promise<string> {
  const conditions: SQL[] = []
  if (range.from) conditions.push(gte(consentRecords.recordedAt, range.from))
  if (range.to) conditions.push(lt(consentRecords.recordedAt, range.to))
  const rows = await db
    .select()
    .from(consentRecords)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(consentRecords.recordedAt), asc(consentRecords.id))
  return spreadsheetCsv([
    consentLogCsvHeader,
    ...rows.map((row) => [
      row.recordedAt,
      row.consentId,
      row.policyVersion,
      row.necessary,
      row.analytics,
      row.marketing,
      row.gpc,
      row.action,
      row.ipHash,
    ]),
  ])
}

// The list addresses' calendar day (app/lib/calendar-date.ts): a day that exists, in the window.
const day = z.string().refine(isCalendarDate, calendarDateMessage)
const exportQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })

/**
 * The HTTP answer of the admin CSV download, for a route that sits behind the admin guard:
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, both included, both optional). It checks no
 * permission itself: never mount it without the guard.
 */
export async function consentLogCsvResponse(db: Db, query: Record<string, string | undefined>): Promise<Response> {
  const parsed = exportQuerySchema.safeParse({ from: query.from || undefined, to: query.to || undefined })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return Response.json(
      { error: `Invalid export range: ${issue?.path.join('.')}: ${issue?.message}` },
      { status: 400 },
    )
  }
  const { from, to } = parsed.data
  const range: ConsentLogRange = {
    from: from ? new Date(`${from}T00:00:00Z`) : undefined,
    to: to ? new Date(Date.parse(`${to}T00:00:00Z`) + 24 * 60 * 60 * 1000) : undefined,
  }
  const csv = await exportConsentLogCsv(db, range)
  const name = `consent-log${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
