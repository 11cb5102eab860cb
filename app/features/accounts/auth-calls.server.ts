import type { RouterContextProvider } from 'react-router'
import { appContext } from '../../context.server.ts'
import { DomainError, type DomainErrorKind } from '../../lib/domain-error.ts'
import type { IntentContext } from '../../lib/forms/intent-action.server.ts'
import { accountsContext } from './context.server.ts'

/** A Better Auth answer as a page's action needs it: ok, the error code and message, the cookies. */
export type AuthResult<T = unknown> = {
  ok: boolean
  status: number
  code: string | undefined
  message: string | undefined
  body: T | undefined
  /** Set-Cookie headers to pass on to the browser. */
  headers: Headers
}

/**
 * Calls a Better Auth endpoint for a page's form through the auth HTTP handler (rate limits, origin
 * checks and cookies apply as for the public API) with the client IP taken from the connection.
 */
export async function callAuth<T = unknown>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  path: string,
  body?: unknown,
  method: 'GET' | 'POST' = 'POST',
): Promise<AuthResult<T>> {
  const { clientIp } = context.get(appContext)
  const response = await context.get(accountsContext).call(path, { request, clientIp, body, method })
  const headers = new Headers()
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie)
  let parsed: unknown
  try {
    parsed = await response.json()
  } catch {
    parsed = undefined
  }
  const error = (parsed ?? {}) as { code?: unknown; message?: unknown }
  return {
    ok: response.ok,
    status: response.status,
    code: response.ok ? undefined : typeof error.code === 'string' ? error.code : undefined,
    message: response.ok ? undefined : typeof error.message === 'string' ? error.message : undefined,
    body: response.ok ? (parsed as T) : undefined,
    headers,
  }
}

/** The refusal each status of Better Auth means; any other status (a 500) is a bug, not a refusal. */
const refusalKinds: Partial<Record<number, DomainErrorKind>> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  422: 'invalid',
  429: 'rate_limited',
}

/** A page's own words for a refusal, by Better Auth's error code or by status: the message, or the field it is about too. */
export type RefusalWords = Record<
  string,
  string | ((refused: AuthResult) => string) | { message: string; field: string }
>

/**
 * A failed call as the DomainError its status means, in the page's words for its code or status
 * (else Better Auth's own message; a 429 says to wait). Throws a plain Error for a status that is
 * no refusal (Better Auth's 500): that is a bug, answered as one.
 */
export function authRefusal(refused: AuthResult, path: string, words: RefusalWords = {}): DomainError {
  const kind = refusalKinds[refused.status]
  if (!kind) throw new Error(`Better Auth answered ${path} with ${refused.status} ${refused.code ?? ''}`.trim())
  const said = (refused.code !== undefined ? words[refused.code] : undefined) ?? words[refused.status]
  if (typeof said === 'object') return new DomainError(kind, said.message, { field: said.field })
  const fallback = kind === 'rate_limited' ? tooManyAttempts : (refused.message ?? somethingWentWrong)
  return new DomainError(kind, typeof said === 'function' ? said(refused) : (said ?? fallback))
}

/**
 * Calls Better Auth for an intent of a page's action: the cookies it sets go on the answer, and a
 * refusal is thrown as its DomainError (`authRefusal`), for the action helper to answer.
 *
 *   run: (ctx, passwords) => authCall(ctx, '/change-password', passwords, {
 *     INVALID_PASSWORD: { message: 'Your current password is not right.', field: 'currentPassword' },
 *   }),
 */
export async function authCall<T = unknown>(
  ctx: IntentContext,
  path: string,
  body?: unknown,
  words?: RefusalWords,
): Promise<T> {
  const result = await callAuth<T>(ctx, path, body)
  // Refused or not, the browser gets the cookies Better Auth set (a sign-in challenge it ended).
  for (const cookie of result.headers.getSetCookie()) ctx.headers.append('Set-Cookie', cookie)
  if (!result.ok) throw authRefusal(result, path, words)
  return result.body as T
}

/**
 * A call whose answer must not tell whether an address has an account (a reset link, a new
 * confirmation link): only a wait is a refusal; every other answer is taken as sent.
 */
export async function authCallQuietly(ctx: IntentContext, path: string, body: unknown): Promise<void> {
  const result = await callAuth(ctx, path, body)
  if (result.status === 429) throw authRefusal(result, path)
}

export const tooManyAttempts = 'Too many attempts from your connection. Wait a minute, then try again.'

export const somethingWentWrong = 'Something went wrong on our side. Please try again in a minute.'
