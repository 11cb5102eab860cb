import type { RouterContextProvider } from 'react-router'
import { appContext } from '../../context.server.ts'
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

export const tooManyAttempts = 'Too many attempts from your connection. Wait a minute, then try again.'

export const somethingWentWrong = 'Something went wrong on our side. Please try again in a minute.'
