import { data, type RouterContextProvider, type ServerBuild } from 'react-router'
import { appContext } from '~/context.server'
import { isDatabaseUnavailable, summarizeError } from '../../server/db/client.server.ts'
import {
  nothingSavedMessage,
  notSavedPageMessage,
  pageOutageMessage,
  pageUnavailableMessage,
  retryAfterHeader,
  retryAfterSeconds,
} from './database-outage'
import { isDomainError } from './domain-error'
import { formValues } from './forms/action.server'
import type { ActionResult } from './forms/result'

/**
 * The outage rule, once: a database that does not answer is a 503 (try again), never a 500 (our
 * bug), with words a person can act on, a `Retry-After`, and for a form the values as sent. Only
 * errors about reaching the database are answered so (`isDatabaseUnavailable`); any other error is
 * still a bug and goes on to the error page and the error log with its request id.
 *
 * Routes do not opt in: the host hands React Router a build whose every loader and action is
 * guarded here (`withOutageRule`), and the action helper (`intentAction`) answers an outage in its
 * form's own words before this net is reached.
 */

/** The `Retry-After` of every 503 the product sends. */
export const retryAfterHeaders = { [retryAfterHeader]: String(retryAfterSeconds) }

type Args = { request?: Request; context: Readonly<RouterContextProvider> }

/** The 503 a loader throws (its area's error boundary shows `error`); a resource route answers it as JSON. */
export function databaseUnavailable(message = pageUnavailableMessage) {
  return data({ error: message }, { status: 503, headers: retryAfterHeaders })
}

/** What an action answers: nothing was saved, and the form's values as sent, to fill it in again. */
export type OutageResult = ActionResult & { ok: false; intent?: string }

export function logOutage(args: Args, error: unknown) {
  // The short form: a failed query's error carries its statement, parameters and the driver's client.
  const request = args.request ? { url: args.request.url, method: args.request.method } : {}
  args.context.get(appContext).log.warn({ err: summarizeError(error), ...request }, 'database unavailable')
}

/**
 * For a promise's rejection before any page runs (reading the visitor's session): a database
 * outage becomes the thrown 503 (a form post is told nothing was saved); anything else is thrown on.
 */
export function answerOutage(args: Args) {
  return (error: unknown): never => {
    if (!isDatabaseUnavailable(error)) throw error
    logOutage(args, error)
    const posted = args.request !== undefined && args.request.method !== 'GET' && args.request.method !== 'HEAD'
    throw databaseUnavailable(posted ? notSavedPageMessage : pageOutageMessage(pathOf(args.request)))
  }
}

/**
 * A form's answer to an outage (already logged by the caller's check): 503 with `message`, the
 * values as sent less the `secret` ones, and the form's intent so a page with several forms shows
 * it beside the one that was sent.
 */
export function formOutageReply<R extends ActionResult = OutageResult>(
  sent: Record<string, string>,
  options: { message?: string; secret?: readonly string[] } = {},
) {
  const values = Object.fromEntries(Object.entries(sent).filter(([name]) => !options.secret?.includes(name)))
  const result: OutageResult = { ok: false, message: options.message ?? nothingSavedMessage, values }
  if (values.intent) result.intent = values.intent
  // A failure carries none of the fields a success adds: R's extra fields are all optional.
  return data(result as R, { status: 503, headers: retryAfterHeaders })
}

const pathOf = (request: Request | undefined) => (request ? new URL(request.url).pathname : '/')

type Handler = (args: { request: Request; context: Readonly<RouterContextProvider> }) => unknown

/**
 * A loader that answers an outage with its page's 503, and a `DomainError` with its status (a
 * service's "no such record" is the page's 404).
 */
export function guardLoader<L extends Handler>(loader: L): L {
  const guarded = async (args: Parameters<L>[0]) => {
    try {
      return await loader(args)
    } catch (error) {
      if (isDomainError(error)) throw data({ error: error.message }, { status: error.status })
      if (!isDatabaseUnavailable(error)) throw error
      logOutage(args, error)
      throw databaseUnavailable(pageOutageMessage(pathOf(args.request)))
    }
  }
  return guarded as L
}

/**
 * An action that answers an outage with "nothing was saved" and the values as sent (read again from
 * a copy taken before the action read the body). The action helper answers first in its form's
 * words; this is the net under every other action.
 */
export function guardAction<A extends Handler>(action: A): A {
  const guarded = async (args: Parameters<A>[0]) => {
    const copy = args.request.clone()
    try {
      return await action(args)
    } catch (error) {
      if (isDomainError(error)) throw data({ error: error.message }, { status: error.status })
      if (!isDatabaseUnavailable(error)) throw error
      logOutage(args, error)
      const sent = await copy.formData().then(formValues, () => ({}) as Record<string, string>)
      const secret = Object.keys(sent).filter((name) => neverSentBack.test(name))
      return formOutageReply(sent, { secret })
    }
  }
  return guarded as A
}

/** Fields the net never sends back, since it does not know the form: passwords, codes, tokens. */
const neverSentBack = /password|secret|code|token/i

/** The module with its loader and action guarded (the rest as it was). */
export function guardRouteModule<M extends { loader?: unknown; action?: unknown }>(module: M): M {
  return {
    ...module,
    ...(module.loader ? { loader: guardLoader(module.loader as Handler) } : {}),
    ...(module.action ? { action: guardAction(module.action as Handler) } : {}),
  } as M
}

const guardedBuilds = new WeakMap<ServerBuild, ServerBuild>()

/** The build React Router serves: every route's loader and action under the outage rule (made once per build). */
export function withOutageRule(build: ServerBuild): ServerBuild {
  const known = guardedBuilds.get(build)
  if (known) return known
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [
      id,
      route ? { ...route, module: guardRouteModule(route.module) } : route,
    ]),
  ) as ServerBuild['routes']
  const guarded = { ...build, routes }
  guardedBuilds.set(build, guarded)
  return guarded
}
