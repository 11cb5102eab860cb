import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { planChoices } from '../../app/features/booking/schema'
import { addDays, businessDate } from '../../app/lib/business-time'
import { adminSessionCookie, postForm, uniqueIdentity } from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { lineBreaks, refusedEverywhere } from './helpers/control-characters'

/**
 * Control characters and lone surrogates in text fields (app/lib/forms/text.ts): PostgreSQL refuses
 * NUL and half surrogate pairs in text and json (the intake, the profile and the deletion note
 * answered 500), and a line break in a name forged lines of the staff e-mail. Every form schema is
 * run against the whole alphabet; the endpoints that failed are asked over HTTP.
 */

/** The modules that hold form schemas: every feature's schema.ts, and the blog editor's. */
const schemaModules = [
  ...fs
    .readdirSync(path.resolve('app/features'))
    .map((feature) => path.join('app/features', feature, 'schema.ts'))
    .filter((file) => fs.existsSync(path.resolve(file))),
  'server/blog/admin.server.ts',
  // The staff workflow's forms on a consultation request.
  'app/features/booking/workflow.ts',
]

/**
 * A valid form for each object schema, every text field filled, and which fields take several
 * lines. Fields named *password* are not text: they are hashed, never stored or shown. A schema
 * without a sample fails the test, so a new form cannot skip this check.
 */
const samples: Record<string, { form: Record<string, unknown>; multiline?: string[] }> = {
  consultationRequestSchema: {
    form: {
      formType: 'consultation',
      firstName: 'Pat',
      lastName: 'Rivera',
      name: 'Pat Rivera',
      email: 'pat@example.com',
      phone: '(845) 555-0142',
      company: 'Rivera Accounting',
      employees: 8,
      services: ['Cybersecurity'],
      service: 'Cybersecurity',
      plan: planChoices[0],
      message: 'Two offices, one printer.',
      source: 'https://ramapo.example/book',
      timestamp: '2026-05-04T14:30:00Z',
      website: 'ab',
    },
    multiline: ['message'],
  },
  contactRequestSchema: {
    form: {
      formType: 'contact',
      name: 'Robin Sample',
      email: 'robin@example.com',
      phone: '201-555-0199',
      message: 'Do you set up home offices?',
      source: 'https://ramapo.example/',
      timestamp: '2026-05-04T14:30:00Z',
      website: 'ab',
    },
    multiline: ['message'],
  },
  signUpExtrasSchema: { form: { name: 'Carl Client', companyName: 'Harbor Dental', phone: '(845) 555-0123' } },
  signUpFormSchema: {
    form: {
      name: 'Carl Client',
      companyName: 'Harbor Dental',
      phone: '(845) 555-0123',
      email: 'carl@example.com',
      password: 'harbor-maple-lantern-58',
    },
  },
  signInFormSchema: { form: { email: 'carl@example.com', password: 'harbor-maple-lantern-58' } },
  profileFormSchema: { form: { name: 'Carl Client', companyName: 'Harbor Dental', phone: '(845) 555-0123' } },
  passwordChangeSchema: { form: { currentPassword: 'old-harbor-lantern-1', newPassword: 'harbor-maple-lantern-58' } },
  emailChangeSchema: { form: { newEmail: 'carl.new@example.com' } },
  resetPasswordSchema: { form: { token: 'abc123token', newPassword: 'harbor-maple-lantern-58' } },
  setupAccountSchema: { form: { token: 'abc123token', password: 'harbor-maple-lantern-58' } },
  verificationLinkSchema: { form: { token: 'abc123token', email: 'carl@example.com' } },
  confirmEmailSchema: { form: { token: 'abc123token', email: 'carl@example.com' } },
  deletionRequestSchema: { form: { reason: 'Moving to another provider.' }, multiline: ['reason'] },
  reviewSchema: {
    form: { onboardingId: '00000000-0000-4000-8000-000000000000', decision: 'reject', reason: 'Not a client.' },
    multiline: ['reason'],
  },
  inviteSchema: {
    form: {
      name: 'Ivy Invited',
      companyName: 'Ivy Accounting',
      phone: '(845) 555-0155',
      email: 'ivy@example.com',
      role: 'client',
    },
  },
  draftLineSchema: { form: { description: 'Full Help Desk', quantity: '8', unitPrice: '100', taxable: 'on' } },
  draftFormSchema: {
    form: {
      kind: 'invoice',
      organisationId: '00000000-0000-4000-8000-000000000000',
      lines: [{ description: 'Full Help Desk', quantity: '8', unitPrice: '100' }],
      taxRate: '8.375',
      taxLabel: 'Rockland County, NY',
      notes: 'Thank you.',
      dueOn: '2026-05-31',
      expiresOn: '2026-05-31',
    },
    multiline: ['notes'],
  },
  paymentFormSchema: { form: { amount: '250', method: 'check', receivedOn: '2026-05-01', reference: 'Check 1042' } },
  declineFormSchema: { form: { reason: 'Not this quarter.' }, multiline: ['reason'] },
  voidFormSchema: { form: { reason: 'Billed twice.' }, multiline: ['reason'] },
  remindersFormSchema: { form: { enabled: 'on' } },
  exportRangeSchema: { form: { from: '2026-01-01', to: '2026-03-31' } },
  newContractFormSchema: {
    form: {
      templateId: '00000000-0000-4000-8000-000000000000',
      organisationId: '00000000-0000-4000-8000-000000000001',
      plan: 'Full Help Desk',
      pricePerUser: '$100.00',
      users: '12',
      startDate: 'June 1, 2026',
      term: '12 months',
      expiresOn: '2026-05-31',
    },
  },
  contractDraftFormSchema: {
    form: { title: 'Managed Services Agreement', body: '# Terms\n\n1. We help.', expiresOn: '2026-05-31' },
    multiline: ['body'],
  },
  templateFormSchema: {
    form: { title: 'Mutual NDA', description: 'Before an assessment.', body: '# NDA\n\nKeep it secret.' },
    multiline: ['body'],
  },
  signFormSchema: { form: { consent: 'on', fullName: 'Carla Reyes' } },
  contractDeclineFormSchema: { form: { reason: 'We need 15 users.' }, multiline: ['reason'] },
  withdrawFormSchema: { form: { reason: 'Wrong plan.' }, multiline: ['reason'] },
  countersignFormSchema: { form: { fullName: 'Dana Owner' } },
  hashFormSchema: { form: { hash: 'a'.repeat(64) } },
  statusSchema: { form: { id: '00000000-0000-4000-8000-000000000000', version: '2', status: 'contacted' } },
  assignSchema: { form: { id: '00000000-0000-4000-8000-000000000000', version: '2', assignee: 'nobody' } },
  noteSchema: {
    form: { id: '00000000-0000-4000-8000-000000000000', body: 'Called back.\nPrefers mornings.' },
    multiline: ['body'],
  },
  scheduleSchema: {
    form: {
      id: '00000000-0000-4000-8000-000000000000',
      version: '2',
      // A month from today: appointments are for the year to come.
      date: addDays(businessDate(new Date()), 30),
      time: '10:30',
      minutes: '45',
      place: 'on_site',
      details: '25 Lafayette Avenue, Suffern',
    },
  },
  cancelSchema: { form: { id: '00000000-0000-4000-8000-000000000000', version: '2' } },
  blogPostFormSchema: {
    form: {
      title: 'Why the printer stops',
      slug: 'why-the-printer-stops',
      excerpt: 'And the two-minute fix.',
      body: '## The fix\n\nTurn it off and on.',
      authorName: 'Ramapo IT Services',
      status: 'schedule',
      publishAt: '2031-01-07T10:00',
      metaTitle: 'Printer fixes',
      metaDescription: 'The two-minute fix.',
    },
    multiline: ['excerpt', 'body', 'metaDescription'],
  },
  locationFormSchema: {
    form: {
      slug: 'it-support-pearl-river-ny',
      isPublished: 'yes',
      town: 'Pearl River',
      county: 'Rockland County',
      state: 'NY',
      businessName: 'Ramapo IT Services',
      phone: '(845) 555-0142',
      streetAddress: '1 Main St',
      postalCode: '10965',
      metaTitle: 'IT in Pearl River',
      metaDescription: 'Managed IT for Pearl River.',
      metaKeywords: 'IT Pearl River',
      heroTitle: 'IT Support in Pearl River',
      heroDescription: 'Offices and homes.',
      serviceAreaDescription: 'Pearl River and around.',
    },
    multiline: ['metaDescription', 'heroDescription', 'serviceAreaDescription'],
  },
  // Organisations: staff's details of one, an owner's invitation and people forms.
  organisationSchema: {
    form: {
      name: 'Harbor Dental',
      kind: 'business',
      phone: '(845) 555-0142',
      streetAddress: '25 Harbor Road',
      town: 'Nyack',
      state: 'NY',
      postalCode: '10960',
      billingEmail: 'accounts@harbor-dental.example',
      staffNotes: 'Front desk opens at 8.',
    },
    multiline: ['staffNotes'],
  },
  organisationInvitationSchema: { form: { email: 'ben@harbor-dental.example', name: 'Ben Okafor', role: 'billing' } },
  personRoleFormSchema: { form: { personId: '00000000-0000-4000-8000-000000000000', role: 'member' } },
  personFormSchema: { form: { personId: '00000000-0000-4000-8000-000000000000' } },
  secondFactorFormSchema: { form: { required: 'on' } },
  newTicketFormSchema: {
    form: { subject: 'Printer jams', body: 'It shows a jam.', category: 'managed_it', priority: 'normal' },
    multiline: ['body'],
  },
  staffTicketFormSchema: {
    form: {
      subject: 'Printer jams',
      body: 'It shows a jam.',
      category: 'managed_it',
      priority: 'normal',
      organisationId: '00000000-0000-4000-8000-000000000000',
      requesterUserId: '00000000-0000-4000-8000-000000000000',
    },
    multiline: ['body'],
  },
  replyFormSchema: { form: { body: 'Still jammed.' }, multiline: ['body'] },
  staffReplyFormSchema: { form: { body: 'Restart it.', visibility: 'public' }, multiline: ['body'] },
  copyPersonFormSchema: { form: { userId: '00000000-0000-4000-8000-000000000000' } },
  rateFormSchema: { form: { rating: 'good', comment: 'Quick.' }, multiline: ['comment'] },
  ticketStatusFormSchema: { form: { version: '1', status: 'open' } },
  ticketAssignFormSchema: { form: { version: '1', assignee: 'nobody' } },
  ticketPriorityFormSchema: { form: { version: '1', priority: 'high' } },
  ticketTimeFormSchema: { form: { minutes: '15' } },
  ticketMergeFormSchema: { form: { version: '1', into: 'T-000001' } },
  subscriptionFormSchema: {
    form: {
      organisationId: '00000000-0000-4000-8000-000000000000',
      plan: 'basic',
      seats: '12',
      price: '',
      startOn: '2026-11-01',
      billingDay: '1',
    },
  },
  seatsFormSchema: { form: { seats: '15', version: '2' } },
  versionFormSchema: { form: { version: '2' } },
  cancelFormSchema: { form: { when: 'now', version: '2' } },
  addPersonFormSchema: { form: { email: 'mia@harbor-dental.example', role: 'member' } },
  mergeFormSchema: { form: { into: '00000000-0000-4000-8000-000000000000' } },
  payFormSchema: { form: { amount: '100.00' } },
  refundFormSchema: {
    form: { paymentId: '00000000-0000-4000-8000-000000000000', amount: '10.00', reason: 'Charged twice.' },
    multiline: ['reason'],
  },
  autopayFormSchema: { form: { enabled: 'on' } },
}

/** The object a schema checks, under its transforms (a pipe's input). */
function objectOf(schema: unknown): z.ZodObject | undefined {
  let current = schema
  while (current instanceof z.ZodPipe) current = current.in
  return current instanceof z.ZodObject ? current : undefined
}

/** `char` in the middle of the sample's value, where trimming cannot remove it. */
const withChar = (value: string, char: string) => `${value.slice(0, 1)}${char}${value.slice(1)}`

describe('the control-character alphabet against every form schema', () => {
  const schemas: Array<{ name: string; schema: z.ZodType }> = []

  beforeAll(async () => {
    for (const file of schemaModules) {
      const exports = (await import(path.resolve(file))) as Record<string, unknown>
      for (const [name, value] of Object.entries(exports)) {
        if (objectOf(value)) schemas.push({ name, schema: value as z.ZodType })
      }
    }
  })

  it('finds the schemas, and has a valid sample of each', () => {
    expect(schemas.map((s) => s.name)).toEqual(expect.arrayContaining(Object.keys(samples)))
    for (const { name, schema } of schemas) {
      const sample = samples[name]
      expect(sample, `${name} needs a sample in tests/security/text-fields.test.ts`).toBeDefined()
      const parsed = schema.safeParse(sample?.form)
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
    }
  })

  it('refuses control characters and lone surrogates in every text field, and line breaks on one line', () => {
    const wrong: string[] = []
    for (const { name, schema } of schemas) {
      const sample = samples[name]
      if (!sample) continue
      for (const [field, value] of Object.entries(sample.form)) {
        if (typeof value !== 'string' || /password/i.test(field)) continue
        const multiline = sample.multiline?.includes(field) ?? false
        for (const [char, what] of [...refusedEverywhere, ...lineBreaks]) {
          const kept = multiline && lineBreaks.some(([c]) => c === char)
          const parsed = schema.safeParse({ ...sample.form, [field]: withChar(value, char) })
          const refusedHere = !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === field)
          if (kept ? !parsed.success : !refusedHere) {
            wrong.push(`${name}.${field} with ${what}: ${kept ? 'refused' : 'accepted'}`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('control characters sent to the server', () => {
  const json = (body: unknown, ip: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  })

  it('answers the intake 400 with the field, not 500, for NUL and lone surrogates', async () => {
    const contact = { formType: 'contact', name: 'Robin Sample', email: 'robin@example.com', message: 'Hello' }
    const cases: Array<[Record<string, string>, string]> = [
      [{ message: 'a\u0000b' }, 'message'],
      [{ message: 'a\ud800b' }, 'message'],
      [{ name: 'a\udc00' }, 'name'],
      [{ name: 'Robin\r\nBcc: injected@evil.example' }, 'name'],
    ]
    for (const [change, field] of cases) {
      const response = await fetch(
        `${baseURL()}/api/process-form`,
        json({ ...contact, ...change }, uniqueIdentity('nul').ip),
      )
      expect(response.status, JSON.stringify(change)).toBe(400)
      const answer = (await response.json()) as { fields?: Record<string, string[]> }
      expect(Object.keys(answer.fields ?? {}), JSON.stringify(change)).toEqual([field])
    }
  })

  it('refuses a sign-up whose name or company would forge lines of the staff e-mail', async () => {
    const forged = 'Carl\r\nBcc: injected@evil.example\r\nX-Injected: yes'
    for (const field of ['name', 'companyName']) {
      const who = uniqueIdentity('forged')
      const response = await fetch(
        `${baseURL()}/api/auth/sign-up/email`,
        json(
          {
            name: 'Carl Client',
            companyName: 'Harbor Dental',
            phone: '(845) 555-0123',
            email: who.email,
            password: 'harbor-maple-lantern-58',
            [field]: forged,
          },
          who.ip,
        ),
      )
      expect(response.status, field).toBe(400)
    }
    // The sign-up page's form (it posts to its own address) says so beside the field.
    const who = uniqueIdentity('forged-page')
    const page = await postForm(
      '/auth?mode=signup',
      {
        intent: 'sign-up',
        name: forged,
        phone: '(845) 555-0123',
        email: who.email,
        password: 'harbor-maple-lantern-58',
      },
      { ip: who.ip },
    )
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('Full name must be on one line.')
  })

  it('answers the settings page 400, not 500, for a NUL in the profile or the deletion note', async () => {
    const ip = uniqueIdentity('nul-settings').ip
    const cookie = await adminSessionCookie(ip)
    const profile = await postForm(
      '/account/settings',
      { intent: 'profile', name: 'Ad\u0000min', companyName: '', phone: '(845) 555-0100' },
      { cookie, ip },
    )
    expect(profile.status).toBe(400)
    const deletion = await postForm('/account/settings', { intent: 'delete', reason: 'a\u0000b' }, { cookie, ip })
    expect(deletion.status).toBe(400)
  })
})
