import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { locationSlugPattern } from '../../server/locations/locations.server.ts'
import { slugFromTitle } from './slug'

describe('the address suggested from a title', () => {
  it('makes plain words into a hyphenated address', () => {
    expect(slugFromTitle('Backups for Small Offices')).toBe('backups-for-small-offices')
    expect(slugFromTitle('  Wi-Fi & printers: what’s new in 2026?  ')).toBe('wi-fi-and-printers-whats-new-in-2026')
    expect(slugFromTitle('Café résumé')).toBe('cafe-resume')
    expect(slugFromTitle('!!!')).toBe('')
  })

  it('cuts at a word to stay within the limit', () => {
    expect(slugFromTitle('alpha beta gamma', 12)).toBe('alpha-beta')
    expect(slugFromTitle('a'.repeat(150))).toHaveLength(100)
  })

  it('always suggests an address the database accepts, or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (title) => {
        const slug = slugFromTitle(title)
        expect(slug.length).toBeLessThanOrEqual(100)
        if (slug !== '') expect(slug).toMatch(locationSlugPattern)
      }),
    )
  })
})
