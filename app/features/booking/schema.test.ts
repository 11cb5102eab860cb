import { describe, expect, it } from 'vitest'
import { fieldErrors } from '~/lib/forms/result'
import {
  bookingRequestSchema,
  businessServiceNames,
  consultationRequestSchema,
  contactRequestSchema,
  planChoices,
  serviceNames,
} from './schema'

const valid = {
  formType: 'consultation',
  firstName: ' Pat ',
  lastName: 'Example',
  email: ' pat@example.com ',
  phone: '(845) 555-0142',
}

function errorsOf(input: unknown) {
  const result = bookingRequestSchema.safeParse(input)
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`)
  return fieldErrors(result.error)
}

describe('the booking request schema', () => {
  it('lists the spec choices: six business services, Residential IT Support, five plans', () => {
    expect(businessServiceNames).toEqual([
      'Managed IT Services',
      'Cybersecurity',
      'Network & Infrastructure',
      'Cloud Solutions',
      'Project Consulting',
      'Specialty Services',
    ])
    expect(serviceNames.at(-1)).toBe('Residential IT Support')
    expect(planChoices).toEqual([
      'Basic Support ($40/user/mo)',
      'Full Help Desk ($100/user/mo)',
      'Custom Solutions',
      'Residential Hourly ($2.08/min)',
      'Residential Subscription ($29-99/mo)',
    ])
  })

  it('accepts the four required fields alone, trimmed, with optional ones blank', () => {
    const parsed = consultationRequestSchema.parse({ ...valid, company: '', employees: '', plan: null, message: '  ' })
    expect(parsed).toMatchObject({ firstName: 'Pat', email: 'pat@example.com', services: [] })
    expect(parsed.company).toBeUndefined()
    expect(parsed.employees).toBeUndefined()
    expect(parsed.plan).toBeUndefined()
    expect(parsed.message).toBeUndefined()
  })

  it('requires first name, last name, e-mail and phone, each with its own message', () => {
    expect(errorsOf({ formType: 'consultation' })).toEqual({
      firstName: ['Please enter your first name.'],
      lastName: ['Please enter your last name.'],
      email: ['Please enter your e-mail address.'],
      phone: ['Please enter your phone number.'],
    })
  })

  it('takes the number of users as a whole number of at least 1 (text digits too)', () => {
    expect(consultationRequestSchema.parse({ ...valid, employees: '25' }).employees).toBe(25)
    expect(consultationRequestSchema.parse({ ...valid, employees: 1 }).employees).toBe(1)
    expect(errorsOf({ ...valid, employees: 0 }).employees).toEqual(['Number of users must be at least 1.'])
    expect(errorsOf({ ...valid, employees: -3 }).employees).toEqual(['Number of users must be at least 1.'])
    expect(errorsOf({ ...valid, employees: 1.5 }).employees).toEqual(['Number of users must be a whole number.'])
    expect(errorsOf({ ...valid, employees: 'many' }).employees).toEqual(['Number of users must be a number.'])
  })

  it('accepts common phone formats and refuses what cannot be dialled', () => {
    for (const phone of ['(845) 555-0142', '+1 845 555 0142', '845.555.0142', '201-555-0199 ext. 12', '8455550142x3']) {
      expect(consultationRequestSchema.safeParse({ ...valid, phone }).success, phone).toBe(true)
    }
    for (const phone of ['12', 'call me', '555-01', '+1 (845) 555-0142 99999999', '845<script>']) {
      expect(errorsOf({ ...valid, phone }).phone, phone).toEqual([
        'Please enter a valid phone number, like (845) 555-0142.',
      ])
    }
  })

  it('refuses services and plans outside the lists, and a service chosen twice', () => {
    expect(errorsOf({ ...valid, services: ['Plumbing'] }).services).toEqual(['Please choose services from the list.'])
    expect(errorsOf({ ...valid, services: ['Cybersecurity', 'Cybersecurity'] }).services).toEqual([
      'Each service may be chosen once.',
    ])
    expect(errorsOf({ ...valid, plan: 'Gold' }).plan).toEqual(['Please choose a plan from the list.'])
    expect(consultationRequestSchema.parse({ ...valid, plan: 'Residential Hourly ($2.08/min)' }).plan).toBe(
      'Residential Hourly ($2.08/min)',
    )
  })

  it('keeps one-line fields on one line, so no value can forge a mail header', () => {
    expect(errorsOf({ ...valid, lastName: 'Example\r\nBcc: a@example.com' }).lastName).toEqual([
      'Last name must be on one line.',
    ])
    expect(errorsOf({ ...valid, company: 'A\u0000B' }).company).toEqual([
      'Company contains invisible control characters. Type it again or paste it as plain text.',
    ])
    expect(consultationRequestSchema.parse({ ...valid, message: 'Line one\nLine two' }).message).toBe(
      'Line one\nLine two',
    )
  })

  it('takes the source page as an http(s) URL and the timestamp as ISO 8601', () => {
    expect(
      consultationRequestSchema.parse({
        ...valid,
        source: 'https://ramapo.example/book',
        timestamp: '2026-05-04T14:30:00.000Z',
      }),
    ).toMatchObject({ source: 'https://ramapo.example/book', timestamp: '2026-05-04T14:30:00.000Z' })
    expect(Object.keys(errorsOf({ ...valid, source: 'ftp://x.example', timestamp: '04/05/2026' })).sort()).toEqual([
      'source',
      'timestamp',
    ])
  })

  it('has a contact variant: name, e-mail and message required, phone optional', () => {
    expect(
      contactRequestSchema.parse({ formType: 'contact', name: 'Robin', email: 'r@example.com', message: 'Hi' }),
    ).toMatchObject({
      name: 'Robin',
    })
    expect(errorsOf({ formType: 'contact' })).toEqual({
      name: ['Please enter your name.'],
      email: ['Please enter your e-mail address.'],
      message: ['Please enter a message.'],
    })
  })

  it('names the form types it knows when formType is missing or unknown', () => {
    for (const input of [{}, { formType: 'newsletter' }]) {
      expect(errorsOf(input), JSON.stringify(input)).toEqual({
        formType: ['formType must be "consultation" or "contact".'],
      })
    }
    for (const input of [[], null, 'text', 42]) {
      expect(errorsOf(input), JSON.stringify(input)).toEqual({ form: ['Send the form as a JSON object.'] })
    }
  })
})
