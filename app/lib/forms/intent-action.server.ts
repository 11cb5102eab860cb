import { data, type RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { isDatabaseUnavailable } from '../../../server/db/client.server.ts'
import { formOutageReply, logOutage } from '../database-outage.server'
import { DomainError, type DomainErrorKind, isDomainError } from '../domain-error'
import { checkForm, formValues, isUploadRefusal, readForm, reply } from './action.server'
import type { ActionResult, FieldErrors } from './result'

/**
 * The one shape of a page action: a table of the forms the page has, by their `intent` field.
 *
 *   export const action = intentAction({
 *     send: { run: (ctx) => sendDocument(deps(ctx), actor(ctx), ctx.params.id), done: 'Sent to the client.' },
 *     pay:  { schema: paymentFormSchema, run: (ctx, input) => recordPayment(…, input), done: 'Payment recorded.' },
 *   })
 *
 * The helper does the plumbing, in this order, for every form alike:
 *  1. reads the body as a form (405, 415 or 400 when it is not one: `readForm`);
 *  2. picks the entry by `intent` (a table of one needs none); an unknown intent is a 400;
 *  3. checks the entry's `allow` beyond the area's own guard, which let the visitor in (403);
 *  4. checks the values with the entry's `schema` (400 with the field errors and the values back);
 *  5. runs the service; its `DomainError` becomes the answer of its kind (below); a database outage
 *     a 503 with the form's values and its words; any other error is a bug and is thrown on (500);
 *  6. answers the entry's `done` (a message, or fields for the page), or the Response `run`
 *     returned (a redirect) as it is; either carries the headers `run` set in `ctx.headers`.
 *
 * DomainError → answer: `not_found` and `forbidden` are the page's own 404 / 403 (thrown, as if the
 * address were wrong); the other kinds come back to the form with their status, kind and message, the
 * field errors beside their fields, and the values as sent (a conflict also says when the record
 * changed, so the form can offer to reload). An entry with `onForm` has every kind come back to the
 * form: its page is there whatever the refusal (a session that already ended, an unconfirmed address).
 */

/** What an entry's `run` is given besides the parsed input. */
export type IntentContext = {
  request: Request
  params: Readonly<Record<string, string | undefined>>
  context: Readonly<RouterContextProvider>
  /** The form's text fields as sent. */
  values: Record<string, string>
  /** The form itself, for its files. */
  form: FormData
  /** Headers the answer carries, refused or not (the cookies of a changed or ended sign-in). */
  headers: Headers
}

/** What every form of the helper hears back. */
export type IntentResult = ActionResult & {
  intent?: string
  /** A refusal: the kind of the service's DomainError. */
  kind?: DomainErrorKind
  /** A conflict: when the record was changed by someone else. */
  conflictAt?: string
}

export type Intent<S extends z.ZodType | undefined, O> = {
  /** The form's schema; without one the entry gets the values as sent. */
  schema?: S
  /** What this form requires beyond its area's guard, e.g. `(ctx) => can(guardedUser(ctx.context), 'admin')`. */
  allow?: (ctx: IntentContext) => boolean
  run: (ctx: IntentContext, input: S extends z.ZodType ? z.output<S> : Record<string, string>) => Promise<O> | O
  /**
   * The answer when `run` went through (unless it returned a Response, such as a redirect, which is
   * answered as it is): a message, or one made from what `run` returned, or fields for the page
   * (with or without a message). Nothing `run` returns reaches the page otherwise.
   */
  done?: string | ((output: Exclude<O, Response>) => string | DoneFields)
  /** The message above the field errors when the schema refuses the values (or made from them). */
  invalid?: string | ((errors: FieldErrors) => string)
  /** Fields never sent back (passwords). */
  secret?: readonly string[]
  /** What the form says when the database did not answer (default: nothing was saved). */
  outage?: string
  /** Not found and forbidden come back to the form too, instead of being the page's 404 / 403. */
  onForm?: boolean
}

/** Fields a `done` adds to the result the page reads (`message` is its toast). */
type DoneFields = { message?: string } & Record<string, unknown>

// biome-ignore lint/suspicious/noExplicitAny: each entry keeps its own schema and output types
type IntentTable = Record<string, Intent<any, any>>

/** The fields the entries' `done` add, each optional on the page's result (one form answered at a time). */
type FieldsOf<T extends IntentTable> = {
  [K in keyof T]: T[K]['done'] extends (output: never) => infer F ? Exclude<F, string> : never
}[keyof T]
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (m: infer M) => void ? M : never
export type IntentAnswer<T extends IntentTable> = IntentResult & Partial<Merged<FieldsOf<T>>>

type Args = {
  request: Request
  params: Readonly<Record<string, string | undefined>>
  context: Readonly<RouterContextProvider>
}

const unknownIntent = 'Unknown request. Reload the page and try again.'

export function intentAction<T extends IntentTable>(
  table: T,
  options: {
    /** What every form of the page says when the database did not answer (an entry's own `outage` wins). */
    outage?: string
    /** Route params added to the values the schemas check (the address wins over a field of that name). */
    params?: readonly string[]
    /** A check that throws its answer before the body is read (a form posted from another site). */
    guard?: (args: Args) => void
  } = {},
) {
  const names = Object.keys(table)
  return async (args: Args) => {
    options.guard?.(args)
    let form: FormData
    try {
      form = await readForm(args.request)
    } catch (refused) {
      // Files over the limits come back to the form (with the fields read before them), not an error page.
      if (!isUploadRefusal(refused)) throw refused
      const intent = refused.data.values.intent ?? (names.length === 1 ? names[0] : undefined) ?? ''
      return reply<IntentAnswer<T>>({ ...refused.data, intent } as IntentAnswer<T>, { status: refused.init?.status })
    }
    const values = formValues(form)
    for (const name of options.params ?? []) values[name] = args.params[name] ?? ''
    const intent = values.intent ?? (names.length === 1 ? names[0] : undefined) ?? ''
    const entry = Object.hasOwn(table, intent) ? table[intent] : undefined
    if (!entry) return reply<IntentAnswer<T>>({ ok: false, message: unknownIntent, intent }, { status: 400 })

    const kept = () => Object.fromEntries(Object.entries(values).filter(([name]) => !entry.secret?.includes(name)))
    const ctx: IntentContext = {
      request: args.request,
      params: args.params,
      context: args.context,
      values,
      form,
      headers: new Headers(),
    }
    try {
      if (entry.allow && !entry.allow(ctx)) {
        throw new DomainError('forbidden', 'Your account may not do this.')
      }
      let input: unknown = values
      if (entry.schema) {
        const checked = checkForm(entry.schema, values, { secret: entry.secret })
        if (!checked.ok) {
          const refused = checked.result
          const { invalid } = entry
          const message = typeof invalid === 'function' ? invalid(refused.fieldErrors ?? {}) : invalid
          return reply<IntentAnswer<T>>({ ...refused, ...(message ? { message } : {}), intent })
        }
        input = checked.data
      }
      const output: unknown = await entry.run(ctx, input)
      if (output instanceof Response) return withHeaders(output, ctx.headers)
      const done: string | DoneFields | undefined = typeof entry.done === 'function' ? entry.done(output) : entry.done
      const fields = typeof done === 'string' ? { message: done } : (done ?? {})
      return reply<IntentAnswer<T>>({ ok: true, intent, ...fields } as IntentAnswer<T>, { headers: ctx.headers })
    } catch (error) {
      if (isDomainError(error)) {
        return answerDomainError<IntentAnswer<T>>(error, intent, kept(), { onForm: entry.onForm, headers: ctx.headers })
      }
      if (!isDatabaseUnavailable(error)) throw error
      logOutage(args, error)
      return formOutageReply<IntentAnswer<T>>(values, { message: entry.outage ?? options.outage, secret: entry.secret })
    }
  }
}

/** A service's refusal, as the form (or, for not_found and forbidden, the page) shows it. */
export function answerDomainError<R extends IntentResult = IntentResult>(
  error: DomainError,
  intent: string,
  values: Record<string, string>,
  options: { onForm?: boolean; headers?: Headers } = {},
) {
  if (!options.onForm && (error.kind === 'not_found' || error.kind === 'forbidden')) {
    throw data({ error: error.message }, { status: error.status })
  }
  const result: IntentResult = { ok: false, message: error.message, intent, kind: error.kind, values }
  if (error.fields) result.fieldErrors = error.fields
  if (error.changedAt) result.conflictAt = error.changedAt.toISOString()
  // A failure carries none of the fields a success adds: R's extra fields are all optional.
  return reply<R>(result as R, { status: error.status, headers: options.headers })
}

/** A Response `run` returned (a redirect), with the headers `run` set (the new session's cookie) added. */
function withHeaders(response: Response, headers: Headers) {
  for (const [name, value] of headers) response.headers.append(name, value)
  return response
}
