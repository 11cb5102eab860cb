import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { isDatabaseUnavailable } from '../server/db/client.server.ts'
import { appContext } from './context.server.ts'
import { frameMarkup } from './frame-markup.server.tsx'
import { FrameMarkupContext } from './frame-markup.ts'
import { retryAfterHeader, retryAfterSeconds } from './lib/database-outage.ts'
import { NonceContext } from './lib/nonce.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(appContext)
  // A loader that failed because the database is down answers 503 (try again), not 500 (our bug).
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {})
  if (errors.some(isDatabaseUnavailable)) {
    responseStatusCode = 503
    responseHeaders.set(retryAfterHeader, String(retryAfterSeconds))
  }

  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <FrameMarkupContext value={frameMarkup}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </FrameMarkupContext>
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}

/**
 * React Router's refusal of a form POST from another site (or with a malformed Origin): the
 * client's doing, answered 400, so a warning rather than an error that would page someone.
 */
const refusedCrossSiteAction = /(origin` header from a forwarded action request|`origin` header is not a valid URL)/

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  const log = context.get(appContext).log
  if (isDatabaseUnavailable(error)) log.warn({ err: error }, 'database unavailable while rendering')
  else if (error instanceof Error && refusedCrossSiteAction.test(error.message)) {
    log.warn({ url: request.url, origin: request.headers.get('origin') }, 'refused a cross-site form post')
  } else if (isRouteErrorResponse(error) && error.status < 500) {
    // React Router's own refusals (a POST to a page without an action: 405) are the visitor's doing.
    log.warn({ status: error.status, method: request.method, url: request.url }, 'request refused by the router')
  } else log.error({ err: error, url: request.url }, 'error while rendering')
}
