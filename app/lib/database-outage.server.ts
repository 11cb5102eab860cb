import { data, type RouterContextProvider } from 'react-router'
import { appContext } from '~/context.server'
import { isDatabaseUnavailable, summarizeError } from '../../server/db/client.server.ts'
import {
  nothingRecordedMessage,
  nothingSavedMessage,
  notSavedPageMessage,
  pageUnavailableMessage,
} from './database-outage'
import { formValues } from './forms/action.server'
import type { ActionResult } from './forms/result'

export { nothingRecordedMessage, nothingSavedMessage, notSavedPageMessage, pageUnavailableMessage }

/**
 * One answer to a database that does not answer, for page loaders and actions: 503 (try again),
 * never 500 (our bug), with words a person can act on and no stack. A page wraps its loader or
 * action once instead of catching in each:
 *
 *   export const loader = withOutagePage(async (args: Route.LoaderArgs) => { … })
 *   export const action = withOutageReply(async (args: Route.ActionArgs) => { … })
 *
 * Only errors about reaching the database are answered here (`isDatabaseUnavailable`); any other
 * error is still a bug and goes on to the error page and the error log.
 */

/** How long a browser or a script should wait before asking again. */
export const retryAfterSeconds = 5

/** What a wrapped loader or action is given, at least. */
export type OutageArgs = { request: Request; context: Readonly<RouterContextProvider> }
type Args = OutageArgs

/** The 503 a loader throws (its area's error boundary shows `error`); a resource route answers it as JSON. */
export function databaseUnavailable(message = pageUnavailableMessage) {
  return data({ error: message }, { status: 503, headers: { 'Retry-After': String(retryAfterSeconds) } })
}

/** The 503 an action answers: nothing was saved, and the form's values as sent, to fill it in again. */
export type OutageResult = ActionResult & { ok: false; intent?: string }

function logOutage(args: { request?: Request; context: Readonly<RouterContextProvider> }, error: unknown) {
  // The short form: a failed query's error carries its statement, parameters and the driver's client.
  const request = args.request ? { url: args.request.url, method: args.request.method } : {}
  args.context.get(appContext).log.warn({ err: summarizeError(error), ...request }, 'database unavailable')
}

/**
 * For a promise's rejection before any page runs (reading the visitor's session): a database
 * outage becomes the thrown 503 (a form post is told nothing was saved); anything else is thrown on.
 */
export function answerOutage(args: { request?: Request; context: Readonly<RouterContextProvider> }) {
  return (error: unknown): never => {
    if (!isDatabaseUnavailable(error)) throw error
    logOutage(args, error)
    const posted = args.request !== undefined && args.request.method !== 'GET' && args.request.method !== 'HEAD'
    throw databaseUnavailable(posted ? notSavedPageMessage : pageUnavailableMessage)
  }
}

/** A loader (of a page or a download) that answers 503 with `message` when the database is down. */
export function withOutagePage<A extends Args, R>(
  loader: (args: A) => Promise<R>,
  message = pageUnavailableMessage,
): (args: A) => Promise<R> {
  return async (args) => {
    try {
      return await loader(args)
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      logOutage(args, error)
      throw databaseUnavailable(message)
    }
  }
}

/**
 * An action that, when the database is down, answers 503 with "nothing was saved" and the values
 * as sent (less `secret` fields), plus the form's `intent` so a page with several forms shows the
 * message beside the one that was sent. The body is read again from a copy taken before the action
 * read it. An area whose forms say it in their own words (billing's "nothing was changed") passes
 * `message`, or a function of the values sent when it depends on the form (an editor's Delete).
 */
export function withOutageReply<A extends Args, R>(
  action: (args: A) => Promise<R>,
  options: { secret?: readonly string[]; message?: string | ((sent: Record<string, string>) => string) } = {},
) {
  return async (args: A) => {
    const copy = args.request.clone()
    try {
      return await action(args)
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      logOutage(args, error)
      const sent = await copy.formData().then(formValues, () => ({}) as Record<string, string>)
      const values = Object.fromEntries(Object.entries(sent).filter(([name]) => !options.secret?.includes(name)))
      const message = typeof options.message === 'function' ? options.message(sent) : options.message
      const result: OutageResult = { ok: false, message: message ?? nothingSavedMessage, values }
      if (values.intent) result.intent = values.intent
      return data(result, { status: 503, headers: { 'Retry-After': String(retryAfterSeconds) } })
    }
  }
}
