/**
 * What every form hears back, in the browser and from the server: field errors keyed by field name
 * and one result type for page actions. No zod here: the islands forms import this before their
 * validator is downloaded (docs/frontend-performance.md).
 */

/** Field name → its messages, in the order found. `/api/process-form` answers this shape as `fields`. */
export type FieldErrors = Record<string, string[]>

/** The part of a ZodError this needs (so the validator need not be loaded to name the type). */
type IssueList = { issues: readonly { path: readonly PropertyKey[]; message: string }[] }

/** A failed parse as field errors; an issue about the whole form is filed under `form`. */
export function fieldErrors(error: IssueList): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form'
    const list = fields[key] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    fields[key] = list
  }
  return fields
}

/** The message to show beside a field: its first. */
export function firstError(errors: FieldErrors | undefined, field: string): string | undefined {
  return errors?.[field]?.[0]
}

/**
 * What a page action answers (React Router `actionData` / `fetcher.data`). On failure the message
 * says what to do; `fieldErrors` put it beside the fields, and `values` give the form back as typed.
 * A page with several forms adds what tells them apart: `ActionResult & { intent: 'profile' }`.
 */
export type ActionResult =
  | { ok: true; message?: string }
  | { ok: false; message: string; fieldErrors?: FieldErrors; values?: Record<string, string> }
