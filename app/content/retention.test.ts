import { describe, expect, it } from 'vitest'
import { retentionCutoff } from './retention'

describe('retentionCutoff', () => {
  it('goes back whole calendar months, keeping the time of day', () => {
    expect(retentionCutoff(new Date('2026-11-24T08:30:00Z'), 24).toISOString()).toBe('2024-11-24T08:30:00.000Z')
    expect(retentionCutoff(new Date('2026-01-15T00:00:00Z'), 3).toISOString()).toBe('2025-10-15T00:00:00.000Z')
  })

  it('takes the last day of a shorter month instead of running into the next one', () => {
    expect(retentionCutoff(new Date('2026-05-31T12:00:00Z'), 3).toISOString()).toBe('2026-02-28T12:00:00.000Z')
    expect(retentionCutoff(new Date('2028-05-31T12:00:00Z'), 3).toISOString()).toBe('2028-02-29T12:00:00.000Z')
    expect(retentionCutoff(new Date('2026-03-31T12:00:00Z'), 12).toISOString()).toBe('2025-03-31T12:00:00.000Z')
  })
})
