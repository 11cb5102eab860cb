import { describe, expect, it } from 'vitest'
import { draftFieldErrors, draftFormSchema, draftFromValues, paymentFormSchema } from './schema'

const client = '6f0e8a4e-2b7c-4d0f-9a8e-1c2d3e4f5a6b'

describe('the draft form', () => {
  it('reads the editor’s flat fields into lines, dropping blank ones, and computes nothing it is sent', () => {
    const parsed = draftFormSchema.parse(
      draftFromValues({
        kind: 'invoice',
        clientId: client,
        'lines.0.description': 'Full Help Desk (per user per month)',
        'lines.0.quantity': '8',
        'lines.0.unitPrice': '$100.00',
        'lines.1.description': '',
        'lines.1.quantity': '',
        'lines.1.unitPrice': '',
        'lines.2.description': 'Firewall',
        'lines.2.quantity': '1',
        'lines.2.unitPrice': '649.99',
        'lines.2.taxable': 'on',
        taxRate: '8.375',
        taxLabel: '',
        notes: 'Line one\nLine two',
        dueOn: '2026-05-31',
        expiresOn: '',
        totalCents: '1',
      }),
    )
    expect(parsed).toEqual({
      kind: 'invoice',
      clientId: client,
      lines: [
        {
          description: 'Full Help Desk (per user per month)',
          quantityMilli: 8000,
          unitPriceCents: 10_000,
          taxable: false,
        },
        { description: 'Firewall', quantityMilli: 1000, unitPriceCents: 64_999, taxable: true },
      ],
      taxRateMilliPercent: 8375,
      taxLabel: null,
      notes: 'Line one\nLine two',
      dueOn: '2026-05-31',
      expiresOn: null,
    })
  })

  it('names the line and field of every mistake', () => {
    const result = draftFormSchema.safeParse(
      draftFromValues({
        kind: 'estimate',
        clientId: 'nobody',
        'lines.0.description': 'A\u0000B',
        'lines.0.quantity': '0',
        'lines.0.unitPrice': '1.234',
        taxRate: '30',
      }),
    )
    expect(result.success).toBe(false)
    const errors = draftFieldErrors(result.error ?? { issues: [] })
    expect(Object.keys(errors).sort()).toEqual([
      'clientId',
      'lines.0.description',
      'lines.0.quantity',
      'lines.0.unitPrice',
      'taxRate',
    ])
    expect(errors['lines.0.unitPrice']).toEqual(['Enter a price like 40 or 2.08 (up to $1,000,000).'])
  })

  it('asks an invoice for its due date and an estimate for its valid-until date', () => {
    const base = { clientId: client, lines: [{ description: 'Work', quantity: '1', unitPrice: '10' }] }
    const invoice = draftFormSchema.safeParse({ ...base, kind: 'invoice', expiresOn: '2026-05-31' })
    expect(draftFieldErrors(invoice.error ?? { issues: [] })).toEqual({ dueOn: ['Choose the due date.'] })
    const estimate = draftFormSchema.safeParse({ ...base, kind: 'estimate', dueOn: '2026-02-30' })
    expect(Object.keys(draftFieldErrors(estimate.error ?? { issues: [] })).sort()).toEqual(['dueOn', 'expiresOn'])
    expect(draftFormSchema.safeParse({ ...base, kind: 'invoice', lines: [] }).success).toBe(false)
  })

  it('refuses a document above $10,000,000', () => {
    const result = draftFormSchema.safeParse({
      kind: 'invoice',
      clientId: client,
      dueOn: '2026-05-31',
      lines: [{ description: 'A lot', quantity: '100000', unitPrice: '1000000' }],
    })
    expect(draftFieldErrors(result.error ?? { issues: [] })).toEqual({
      'lines.0.unitPrice': ['A line cannot exceed $10,000,000.'],
    })
  })
})

describe('the payment form', () => {
  it('reads an amount, a method, a date and an optional reference', () => {
    expect(
      paymentFormSchema.parse({ amount: '1,204.43', method: 'ach', receivedOn: '2026-03-02', reference: '' }),
    ).toEqual({ amount: 120_443, method: 'ach', receivedOn: '2026-03-02', reference: null })
    const bad = paymentFormSchema.safeParse({ amount: '0', method: 'bitcoin', receivedOn: 'yesterday' })
    expect(Object.keys(draftFieldErrors(bad.error ?? { issues: [] })).sort()).toEqual([
      'amount',
      'method',
      'receivedOn',
    ])
  })
})
