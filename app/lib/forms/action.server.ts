import { data } from 'react-router'
import type { z } from 'zod'
import { type ActionResult, fieldErrors } from './result'

/**
 * The server half of the form layer: how a page action reads its body, checks it with the form's
 * schema and answers. A body that is not a form (JSON, text, none, broken multipart) or a method
 * other than POST is refused with 415, 405 or 400 and a message, never answered with a 500.
 */

const formContentTypes = ['application/x-www-form-urlencoded', 'multipart/form-data']

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  415: 'Unsupported Media Type',
}

/** What a refusal carries: the ActionResult shape, so a page that shows it needs nothing else. */
function refusal(status: number, message: string, headers?: HeadersInit) {
  return data<ActionResult>({ ok: false, message }, { status, statusText: statusTexts[status], headers })
}

/** Page actions take POST only (React Router runs them for PUT, PATCH and DELETE too): throws a 405 otherwise. */
export function requirePost(request: Request): void {
  if (request.method !== 'POST') {
    throw refusal(405, 'This page takes its forms by POST only.', { Allow: 'POST' })
  }
}

/** The request's body as a form. Throws the answer (405, 415, 400) when it is not one. */
export async function readForm(request: Request): Promise<FormData> {
  requirePost(request)
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (!formContentTypes.includes(type)) {
    throw refusal(415, 'Send this page a form (application/x-www-form-urlencoded or multipart/form-data).')
  }
  try {
    return await request.formData()
  } catch {
    throw refusal(400, 'The form could not be read. Reload the page and try again.')
  }
}

/** The text fields of a form by name: the first value of each (files are not text and are left out). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of form) {
    if (typeof value === 'string' && !(name in values)) values[name] = value
  }
  return values
}

export type Checked<T> = { ok: true; data: T } | { ok: false; result: ActionResult & { ok: false } }

/**
 * Checks the values with the form's schema. On failure: the field errors, and the values as typed
 * so the form comes back filled in, less the fields named in `secret` (passwords are never sent back).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, string>,
  options: { message?: string; secret?: readonly string[] } = {},
): Checked<z.output<S>> {
  const parsed = schema.safeParse(values)
  if (parsed.success) return { ok: true, data: parsed.data }
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !options.secret?.includes(name)))
  return {
    ok: false,
    result: {
      ok: false,
      message: options.message ?? 'Check the highlighted fields.',
      fieldErrors: fieldErrors(parsed.error),
      values: kept,
    },
  }
}

/** Reads the body and checks it in one step, for an action with one form. */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options?: { message?: string; secret?: readonly string[] },
): Promise<Checked<z.output<S>>> {
  return checkForm(schema, formValues(await readForm(request)), options)
}

/** An action's answer: 200 when it went through, otherwise `status` (400 unless given). */
export function reply<T extends ActionResult>(result: T, init: { status?: number; headers?: HeadersInit } = {}) {
  return data(result, { status: init.status ?? (result.ok ? 200 : 400), headers: init.headers })
}
