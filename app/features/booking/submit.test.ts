import { afterEach, describe, expect, it, vi } from 'vitest'
import { business } from '~/content/business'
import {
  FORM_ENDPOINT,
  interpretResponse,
  SUBMIT_TIMEOUT_MS,
  type SubmitFailure,
  type SubmitOutcome,
  type SubmitResult,
  submitForm,
} from './submit'

const payload = { formType: 'consultation', email: 'pat@example.com', firstName: 'Pat' }

/** A stand-in for the network: answers every request with the given status, type and body. */
function answering(status: number, body: string, contentType = 'application/json') {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    return new Response(status === 204 ? null : body, { status, headers: { 'content-type': contentType } })
  }
  return { fetch: fetch as typeof globalThis.fetch, calls }
}

/** The failure of a result that must be one. */
function failureOf(result: SubmitResult): SubmitFailure {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.outcome)}`)
  return result.failure
}

/** The outcome of a result that must be a success. */
function outcomeOf(result: SubmitResult): SubmitOutcome {
  if (!result.ok) throw new Error(`expected an outcome, got ${result.failure.message}`)
  return result.outcome
}

async function failure(status: number, body: string, contentType?: string): Promise<SubmitFailure> {
  const { fetch } = answering(status, body, contentType)
  return failureOf(await submitForm(payload, { fetch }))
}

describe('the submit helper', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('fails without a request when the e-mail is empty', async () => {
    for (const email of ['', '   ', undefined, 42]) {
      const { fetch, calls } = answering(200, '{"success":true}')
      expect(failureOf(await submitForm({ ...payload, email }, { fetch })).message).toBe(
        'Form is missing required fields: email',
      )
      expect(calls).toEqual([])
    }
  })

  it('POSTs the payload as JSON to the form handler, cross-origin capable', async () => {
    const { fetch, calls } = answering(200, '{"success":true}')
    await submitForm(payload, { fetch })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe(FORM_ENDPOINT)
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      mode: 'cors',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    })
  })

  it('reads data.email: sent, recipient, subject, message, and a warning', async () => {
    const { fetch } = answering(
      200,
      JSON.stringify({
        success: true,
        data: { email: { sent: false, recipient: 'pat@example.com', subject: 'Your request', message: 'Recorded.' } },
        warning: 'Slow mail',
      }),
    )
    expect(outcomeOf(await submitForm(payload, { fetch }))).toEqual({
      sent: false,
      recipient: 'pat@example.com',
      subject: 'Your request',
      message: 'Recorded.',
      warning: 'Slow mail',
    })
  })

  it('reads recipient or emailTo, subject and sent at the top level too', () => {
    expect(
      outcomeOf(interpretResponse(200, 'application/json', '{"sent":true,"emailTo":"a@example.com","subject":"S"}')),
    ).toEqual({
      sent: true,
      recipient: 'a@example.com',
      subject: 'S',
      message: 'Form submitted successfully',
      warning: undefined,
    })
    expect(outcomeOf(interpretResponse(200, 'application/json', '{"recipient":"b@example.com"}')).recipient).toBe(
      'b@example.com',
    )
  })

  it('says "Form submitted successfully" when the answer carries no e-mail information', async () => {
    const { fetch } = answering(200, '{"success":true}')
    expect(outcomeOf(await submitForm(payload, { fetch })).message).toBe('Form submitted successfully')
  })

  it('races the request against a 15 second timer and aborts it', async () => {
    vi.useFakeTimers()
    let signal: AbortSignal | undefined
    // Like a real fetch: never answers, and rejects with an AbortError once aborted.
    const never = ((_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))
      })
    }) as unknown as typeof fetch
    const result = submitForm(payload, { fetch: never })
    await vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = failureOf(await result)
    expect(SUBMIT_TIMEOUT_MS).toBe(15_000)
    expect(error.message).toMatch(/^Request timeout: the server did not answer within 15 seconds\./)
    expect(signal?.aborted).toBe(true)
  })

  it('explains a network failure', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch')
    }) as typeof fetch
    expect(failureOf(await submitForm(payload, { fetch: offline })).message).toMatch(
      /^We could not reach our server, so your request was not sent\. Please check your internet connection/,
    )
  })

  it('gives a descriptive message for HTML, 404, 403, 500, empty, malformed and server-reported errors', async () => {
    const html = await failure(200, '<!doctype html><html><body>Welcome</body></html>', 'text/html')
    expect(html.message).toMatch(
      /^The server answered with a web page instead of the form handler's reply \(HTTP 200\)/,
    )

    const notFound = await failure(404, '<html>Not Found</html>', 'text/html')
    expect(notFound.message).toMatch(/^The form handler was not found \(HTTP 404\)\. Your request was not sent/)
    expect(notFound.status).toBe(404)

    const forbidden = await failure(403, '{"error":"This form does not accept requests from https://x.example."}')
    expect(forbidden.message).toMatch(
      /^The server refused the request \(HTTP 403 Forbidden\): This form does not accept requests from https:\/\/x\.example\. Your request was not sent\./,
    )

    const crashed = await failure(500, '{"error":"Missing environment variable SMTP_URL"}')
    expect(crashed.message).toMatch(
      /^The server ran into a problem \(HTTP 500\): Missing environment variable SMTP_URL\./,
    )
    const bare500 = await failure(502, 'Bad gateway', 'text/plain')
    expect(bare500.message).toMatch(
      /^The server ran into a problem \(HTTP 502\)\. Your request may not have been saved/,
    )

    const empty = await failure(200, '')
    expect(empty.message).toMatch(/^The server sent an empty response \(HTTP 200\), so we cannot tell/)

    const malformed = await failure(200, '{"success": tru')
    expect(malformed.message).toMatch(/^The server sent a response we could not read \(malformed JSON, HTTP 200\)/)
    expect((await failure(200, '[1,2]')).message).toMatch(/malformed JSON/)

    const reported = await failure(
      400,
      JSON.stringify({
        error: 'Please check the form: Please enter your phone number.',
        fields: { phone: ['Please enter your phone number.'] },
      }),
    )
    expect(reported.message).toBe('Please check the form: Please enter your phone number.')
    expect(reported.fields).toEqual({ phone: ['Please enter your phone number.'] })
    expect(reported.status).toBe(400)

    const okButError = await failure(200, '{"error":{"message":"Mailbox quota exceeded"}}')
    expect(okButError.message).toBe('Mailbox quota exceeded')

    const noReason = await failure(422, '{"success":false}')
    expect(noReason.message).toMatch(/^The server did not accept the request \(HTTP 422\) and gave no reason/)

    // Every message says what to do next.
    for (const error of [html, notFound, forbidden, crashed, empty, malformed, noReason]) {
      expect(error.message).toContain(business.phone)
    }
  })
})
