import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookingRequestSchema,
  HONEYPOT_FIELD,
  limits,
  planChoices,
  serviceNames,
} from '../../app/features/booking/schema.ts'
import { bookings } from '../../server/db/schema/index.server.ts'
import { lineBreaks, refusedEverywhere } from '../security/helpers/control-characters.ts'
import { backend } from './helpers/database.ts'
import { type IntakeHarness, intakeHarness, postForm } from './helpers/intake.ts'

/**
 * 2,500 generated bodies against the real endpoint and database: valid requests of both form
 * types, the same with one field broken, and arbitrary JSON or text. The endpoint must never answer
 * 5xx, must agree with the schema the browser uses, and every stored row must be a valid booking.
 */

/**
 * Each run is a whole request through the app, and a stored one a transaction and two e-mails:
 * 10,000 runs took 45 s of the suite, for cases that 2,500 still draw many times over. Of the
 * weights below, 2,500 runs are about 280 valid bodies (three consultations to one contact), 280
 * with the honeypot filled, 280 arbitrary JSON values, 280 raw strings and 1,400 with one of the 14
 * fields replaced (about 100 per field, each with one of 7 kinds of value). A name takes one of the
 * 18 characters every text field refuses for about one letter in 61, a message one in 31: across
 * some 2,000 bodies built on a valid one, each of the 18 is sent hundreds of times.
 */
const RUNS = 2_500

/**
 * Now and then a character no text field takes: control characters, line breaks (refused on one
 * line), lone surrogates (PostgreSQL refuses NUL and those; they once answered 500).
 */
const unsafe = fc.constantFrom(...[...refusedEverywhere, ...lineBreaks].map(([char]) => char))
const letters = fc.oneof(
  {
    weight: 60,
    arbitrary: fc.constantFrom(...Array.from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéñøüÅ'- 🙂")),
  },
  { weight: 1, arbitrary: unsafe },
)
/** A message: any printable text with line breaks, and now and then an unsafe character. */
const messageText = (constraints: { minLength?: number; maxLength: number }) =>
  fc.string({
    ...constraints,
    unit: fc.oneof(
      { weight: 30, arbitrary: fc.constantFrom(...'abc xyz.,!?\n\t'.split('')) },
      { weight: 1, arbitrary: unsafe },
    ),
  })
const name = fc.string({ unit: letters, minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '')
const email = fc
  .tuple(
    fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789._+'.split('')),
      minLength: 1,
      maxLength: 20,
    }),
    fc.constantFrom('example.com', 'mail.example.org', 'ramapo-it.test'),
  )
  .map(([local, domain]) => `${local}@${domain}`)
const phone = fc
  .tuple(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 }), fc.constantFrom(0, 1, 2, 3))
  .map(([d, style]) => {
    const [a, b, c] = [d.slice(0, 3).join(''), d.slice(3, 6).join(''), d.slice(6).join('')]
    return [`(${a}) ${b}-${c}`, `${a}-${b}-${c}`, `+1 ${a} ${b} ${c}`, `${a}.${b}.${c} x12`][style] ?? ''
  })
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 })
const timestamp = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString())

const consultation = fc.record(
  {
    formType: fc.constant('consultation'),
    firstName: name,
    lastName: name,
    email,
    phone,
    company: optional(name),
    employees: optional(fc.integer({ min: 1, max: limits.employees })),
    services: fc.subarray(serviceNames),
    plan: optional(fc.constantFrom(...planChoices)),
    message: optional(messageText({ maxLength: 300 })),
    source: optional(fc.webUrl()),
    timestamp: optional(timestamp),
  },
  { requiredKeys: ['formType', 'firstName', 'lastName', 'email', 'phone'] },
)

const contact = fc.record(
  {
    formType: fc.constant('contact'),
    name,
    email,
    phone: optional(phone),
    message: messageText({ minLength: 1, maxLength: 300 }).filter((s) => s.trim() !== ''),
    source: optional(fc.webUrl()),
    timestamp: optional(timestamp),
  },
  { requiredKeys: ['formType', 'name', 'email', 'message'] },
)

const valid = fc.oneof({ weight: 3, arbitrary: consultation }, { weight: 1, arbitrary: contact })

/** Any field the schema knows, set to anything, too long, or removed. */
const fieldNames = [
  'formType',
  'firstName',
  'lastName',
  'name',
  'email',
  'phone',
  'company',
  'employees',
  'services',
  'service',
  'plan',
  'message',
  'source',
  'timestamp',
]
const broken = fc
  .tuple(
    valid,
    fc.constantFrom(...fieldNames),
    fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constant(undefined),
      fc.string({ minLength: 201, maxLength: 260 }),
      fc.integer({ min: -5, max: 0 }),
      fc.double({ noNaN: true }),
      fc.constant('x'.repeat(limits.message + 1)),
      fc.tuple(name, unsafe, name).map((parts) => parts.join('')),
    ),
  )
  .map(([body, key, value]) => ({ ...body, [key]: value }) as Record<string, unknown>)

type Case = { kind: 'json'; body: unknown } | { kind: 'raw'; raw: string }
const cases: fc.Arbitrary<Case> = fc.oneof(
  // Valid bodies are the slow ones (a transaction and two e-mails each): about a fifth of the runs,
  // with the broken bodies that still pass.
  { weight: 1, arbitrary: valid.map((body) => ({ kind: 'json', body }) as const) },
  { weight: 5, arbitrary: broken.map((body) => ({ kind: 'json', body }) as const) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((body) => ({ kind: 'json', body }) as const) },
  {
    weight: 1,
    arbitrary: valid.map(
      (body) => ({ kind: 'json', body: { ...body, [HONEYPOT_FIELD]: 'https://spam.example' } }) as const,
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((raw) => ({ kind: 'raw', raw }) as const) },
)

function acceptedBySchema(body: unknown): boolean {
  const isHoneypot =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Record<string, unknown>)[HONEYPOT_FIELD] === 'string' &&
    String((body as Record<string, unknown>)[HONEYPOT_FIELD]).trim() !== ''
  return !isHoneypot && bookingRequestSchema.safeParse(body).success
}

describe(`generated bodies against /api/process-form on ${backend}`, () => {
  let h: IntakeHarness

  beforeAll(async () => {
    // The worker stays off: each request sends its own e-mails, which is what is measured here.
    h = await intakeHarness({ env: { INTAKE_RATE_LIMIT: '0' }, work: false })
  })
  afterAll(async () => {
    await h?.cleanup()
  })

  it(`never answers 5xx, agrees with the browser's schema, and stores only valid rows (${RUNS} bodies)`, {
    timeout: 300_000,
  }, async () => {
    const storedIds = new Set<string>()
    let validCount = 0
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const response =
          c.kind === 'json' && c.body !== undefined
            ? await postForm(h.app, c.body)
            : await postForm(h.app, undefined, { raw: c.kind === 'raw' ? c.raw : '' })
        expect(response.status).toBeLessThan(500)
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        const answer = (await response.json()) as { data?: { booking?: { id: string; duplicate?: boolean } } }
        // Through JSON, as the browser would send it (undefined fields drop out).
        const sent = c.kind === 'json' && c.body !== undefined ? JSON.parse(JSON.stringify(c.body)) : Symbol('raw')
        if (acceptedBySchema(sent)) {
          validCount++
          expect(response.status).toBe(200)
          const id = answer.data?.booking?.id
          expect(id).toMatch(/^[0-9a-f-]{36}$/)
          if (id) storedIds.add(id)
        } else if (response.status === 200) {
          // Only the honeypot answers 200 without storing.
          expect(answer.data?.booking).toBeUndefined()
        } else {
          expect([400, 413]).toContain(response.status)
        }
      }),
      { numRuns: RUNS },
    )
    // Enough valid bodies were drawn for the property to mean something. Sampled offline (60 × 2,500
    // cases): 453 on average, 19 either way, 408 at the least, the valid arm's ~280 and some bodies whose
    // replaced field still passes. The floor sits far under that spread (RUNS / 6 = 417 failed one run
    // in thirty), yet above what the other arms give alone (~170), so a valid arm that stopped
    // producing valid bodies still fails here.
    expect(validCount).toBeGreaterThan(RUNS / 10)

    const rows = await h.database.db.select().from(bookings)
    expect(new Set(rows.map((r) => r.id))).toEqual(storedIds)
    for (const row of rows) {
      const request =
        row.formType === 'consultation'
          ? {
              formType: row.formType,
              firstName: row.firstName,
              lastName: row.lastName,
              email: row.email,
              phone: row.phone,
              company: row.company,
              employees: row.employees,
              services: row.services,
              plan: row.plan,
              message: row.message,
              source: row.source,
              timestamp: row.clientTimestamp?.toISOString(),
            }
          : {
              formType: row.formType,
              name: row.name,
              email: row.email,
              phone: row.phone,
              message: row.message,
              source: row.source,
              timestamp: row.clientTimestamp?.toISOString(),
            }
      const check = bookingRequestSchema.safeParse(request)
      expect(check.success, `${row.id}: ${JSON.stringify(check.error?.issues)}`).toBe(true)
      expect(row.status).toBe('new')
      expect(row.name.trim()).not.toBe('')
      if (row.formType === 'consultation') expect(row.name).toBe(`${row.firstName} ${row.lastName}`)
      expect(row.ipHash).toMatch(/^[0-9a-f]{64}$/)
      expect(row.payloadHash).toMatch(/^[0-9a-f]{64}$/)
      expect(row.notificationMailId).toBeTruthy()
      expect(row.confirmationMailId).toBeTruthy()
      expect(row.source === null || row.source.startsWith('http')).toBe(true)
    }
  })
})
