import type { FieldErrors } from './forms/result'

/**
 * The one error a service throws when a request cannot be carried out for a reason the person can
 * act on: the record is not there (or not theirs), someone changed it first, a rule refuses it, a
 * value is wrong. Anything else thrown is a bug (500 with its request id) or a database outage (503).
 *
 *   throw new DomainError('conflict', 'Someone else changed this draft after you opened it. …', { changedAt })
 *   throw new DomainError('invalid', 'Check the payment.', { fields: { amount: ['More than the balance due.'] } })
 *
 * Routes never catch it: the action and loader helpers map its kind to a status, a toast and the
 * form's field errors (`app/lib/actions/`), and API routes answer it as JSON with the same status.
 */
export type DomainErrorKind =
  /** A value the person sent is wrong; `fields` puts the message beside the field. */
  | 'invalid'
  /** The person is not who they said: a wrong password or sign-in code. */
  | 'unauthenticated'
  /** The person may not do this (their role or the record's owner refuses it). */
  | 'forbidden'
  /** No such record, or one the person may not know exists: the same answer either way. */
  | 'not_found'
  /** The record changed under the person (a newer edit, a state that no longer allows it). */
  | 'conflict'
  /** The thing existed and is over: an expired link, a withdrawn offer. */
  | 'gone'
  /** Too many attempts; try again later. */
  | 'rate_limited'
  /** A service outside ours that the request needs (the payment provider) did not answer; nothing was done. */
  | 'unavailable'

/** The HTTP status of each kind: one table, for pages, forms and JSON alike. */
export const domainErrorStatus: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  // 502, not 503: the host alone answers 503, for its own database (docs/resilience.md).
  unavailable: 502,
}

export type DomainErrorOptions = {
  /** Field name → messages, shown beside the fields of the form that was sent. */
  fields?: FieldErrors
  /** The one field the message is about: the message is shown beside it (a shorthand for `fields`). */
  field?: string
  /** For a conflict: when the record was changed by someone else (the form offers to reload). */
  changedAt?: Date
  cause?: unknown
}

export class DomainError extends Error {
  override name = 'DomainError'
  readonly kind: DomainErrorKind
  readonly fields: FieldErrors | undefined
  readonly changedAt: Date | undefined

  constructor(kind: DomainErrorKind, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.kind = kind
    this.fields = options.field ? { ...options.fields, [options.field]: [message] } : options.fields
    this.changedAt = options.changedAt
  }

  get status(): number {
    return domainErrorStatus[this.kind]
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError
