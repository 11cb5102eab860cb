import { business } from '~/content/business'
import type { FieldErrors } from '~/lib/forms/result'
import { FORM_ENDPOINT } from './endpoint'

/**
 * The one submit helper of the site's forms (booking form, home contact form): POSTs the JSON
 * payload to the form handler, races it against a 15 s timer, and turns every answer into either an
 * outcome or a failure whose message says what happened and what to do.
 */

export { FORM_ENDPOINT }
/** Request time-out. */
export const SUBMIT_TIMEOUT_MS = 15_000

export type SubmitOutcome = {
  /** The server's word on the e-mail, or "Form submitted successfully" when it says nothing about e-mail. */
  message: string
  /** Whether the e-mail went out; undefined when the answer says nothing about it. */
  sent: boolean | undefined
  warning: string | undefined
  recipient: string | undefined
  subject: string | undefined
}

/** Why a submit failed: words that say what happened and what to do; the answer's status and field errors when there was one. */
export type SubmitFailure = {
  message: string
  /** HTTP status of the answer, when there was one. */
  status?: number
  /** Field errors the server reported (400), by field name. */
  fields?: FieldErrors
}

/** What a submit came to: a failure is a value, not a thrown error (the form shows it and stays). */
export type SubmitResult = { ok: true; outcome: SubmitOutcome } | { ok: false; failure: SubmitFailure }

const failed = (message: string, details: Omit<SubmitFailure, 'message'> = {}): SubmitResult => ({
  ok: false,
  failure: { message, ...details },
})

export type SubmitOptions = {
  endpoint?: string
  timeoutMs?: number
  fetch?: typeof fetch
}

const reachUs = `call us at ${business.phone} or e-mail ${business.email}`

export async function submitForm(payload: Record<string, unknown>, options: SubmitOptions = {}): Promise<SubmitResult> {
  const email = typeof payload.email === 'string' ? payload.email.trim() : ''
  if (!email) return failed('Form is missing required fields: email')

  const timeoutMs = options.timeoutMs ?? SUBMIT_TIMEOUT_MS
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const controller = new AbortController()
  const timedOut = failed(
    `Request timeout: the server did not answer within ${Math.round(timeoutMs / 1000)} seconds. Please try again, or ${reachUs}.`,
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout')
      // Stops the request too; its AbortError must not pass for a network failure (see below).
      controller.abort()
    }, timeoutMs)
  })

  try {
    let response: Response | 'timeout'
    try {
      response = await Promise.race([
        doFetch(options.endpoint ?? FORM_ENDPOINT, {
          method: 'POST',
          mode: 'cors',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(payload),
          signal: controller.signal,
        }),
        timeout,
      ])
    } catch {
      if (controller.signal.aborted) return timedOut
      return failed(
        `We could not reach our server, so your request was not sent. Please check your internet connection and try again, or ${reachUs}.`,
      )
    }
    if (response === 'timeout') return timedOut
    let text: string | 'timeout'
    try {
      text = await Promise.race([response.text(), timeout])
    } catch {
      if (controller.signal.aborted) return timedOut
      return failed(
        `The connection broke while the server was answering (HTTP ${response.status}), so we cannot tell whether your request was received. Please try again, or ${reachUs}.`,
        { status: response.status },
      )
    }
    if (text === 'timeout') return timedOut
    return interpretResponse(response.status, response.headers.get('content-type') ?? '', text)
  } finally {
    clearTimeout(timer)
  }
}

/** Reads the form handler's answer (exported for the unit tests of every branch). */
export function interpretResponse(status: number, contentType: string, text: string): SubmitResult {
  const body = text.trim()
  const looksLikeHtml = /^text\/html/i.test(contentType) || /^<(!doctype|html|head|body)\b/i.test(body)
  const json = looksLikeHtml ? undefined : parseObject(body)
  const serverError = json ? errorText(json.error) : undefined
  // Woven into a sentence of ours, so without its own full stop.
  const detail = serverError ? `: ${serverError.replace(/[.!]+$/, '')}` : ''

  if (status === 404) {
    return failed(`The form handler was not found (HTTP 404)${detail}. Your request was not sent; please ${reachUs}.`, {
      status,
    })
  }
  if (looksLikeHtml) {
    return failed(
      `The server answered with a web page instead of the form handler's reply (HTTP ${status}), so your request was probably not received. Please try again later, or ${reachUs}.`,
      { status },
    )
  }
  if (status === 403) {
    return failed(
      `The server refused the request (HTTP 403 Forbidden)${detail}. Your request was not sent. If you use a VPN or a privacy extension, try again without it, or ${reachUs}.`,
      { status },
    )
  }
  if (status >= 500) {
    return failed(
      `The server ran into a problem (HTTP ${status})${detail}. Your request may not have been saved; please try again in a few minutes, or ${reachUs}.`,
      { status },
    )
  }
  if (body === '') {
    return failed(
      `The server sent an empty response (HTTP ${status}), so we cannot tell whether your request was received. Please try again, or ${reachUs}.`,
      { status },
    )
  }
  if (!json) {
    return failed(
      `The server sent a response we could not read (malformed JSON, HTTP ${status}), so we cannot tell whether your request was received. Please try again, or ${reachUs}.`,
      { status },
    )
  }
  if (serverError) {
    const fields = fieldsOf(json.fields)
    return failed(serverError, fields ? { status, fields } : { status })
  }
  if (status < 200 || status >= 300 || json.success === false) {
    return failed(
      `The server did not accept the request (HTTP ${status}) and gave no reason. Please try again, or ${reachUs}.`,
      { status },
    )
  }

  const data = asObject(json.data)
  const email = asObject(data?.email)
  return {
    ok: true,
    outcome: {
      message: (email && stringOf(email.message)) || 'Form submitted successfully',
      sent: booleanOf(email?.sent) ?? booleanOf(json.sent),
      warning: stringOf(json.warning) ?? stringOf(data?.warning),
      recipient:
        stringOf(email?.recipient) ?? stringOf(email?.emailTo) ?? stringOf(json.recipient) ?? stringOf(json.emailTo),
      subject: stringOf(email?.subject) ?? stringOf(json.subject),
    },
  }
}

type JsonObject = Record<string, unknown>

function parseObject(text: string): JsonObject | undefined {
  if (text === '') return undefined
  try {
    return asObject(JSON.parse(text))
  } catch {
    return undefined
  }
}

function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

function booleanOf(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined
}

/** An error given as text, or as an object with a message. */
function errorText(value: unknown): string | undefined {
  return stringOf(value) ?? stringOf(asObject(value)?.message)
}

function fieldsOf(value: unknown): FieldErrors | undefined {
  const object = asObject(value)
  if (!object) return undefined
  const fields: FieldErrors = {}
  for (const [key, messages] of Object.entries(object)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string')
      if (texts.length > 0) fields[key] = texts
    }
  }
  return Object.keys(fields).length > 0 ? fields : undefined
}
