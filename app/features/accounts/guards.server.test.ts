import { describe, expect, it } from 'vitest'
import { redirectBypasses } from '../../../tests/security/helpers/redirect-bypasses'
import { pagePath, safeRedirectPath } from './guards.server'

describe('pagePath', () => {
  it('is the page of a document request, and of the data request behind a client-side navigation', () => {
    expect(pagePath(new Request('http://x.test/billing/invoices'))).toBe('/billing/invoices')
    expect(pagePath(new Request('http://x.test/billing/invoices.data?_routes=routes%2Fbilling.section'))).toBe(
      '/billing/invoices',
    )
    expect(pagePath(new Request('http://x.test/dashboard.data?needsApproval=%2Fbilling&_routes=root'))).toBe(
      '/dashboard?needsApproval=%2Fbilling',
    )
    expect(pagePath(new Request('http://x.test/_root.data'))).toBe('/')
  })
})

describe('safeRedirectPath', () => {
  it('keeps local paths with their query and fragment', () => {
    expect(safeRedirectPath('/billing?x=1')).toBe('/billing?x=1')
    expect(safeRedirectPath('/billing/invoices#latest')).toBe('/billing/invoices#latest')
    expect(safeRedirectPath('/auth?redirectTo=%2Fbilling')).toBe('/auth?redirectTo=%2Fbilling')
  })

  it('drops every known bypass, long values and non-strings', () => {
    for (const value of redirectBypasses) expect(safeRedirectPath(value), JSON.stringify(value)).toBe('/portal')
    expect(safeRedirectPath(null)).toBe('/portal')
    expect(safeRedirectPath(`/${'a'.repeat(600)}`)).toBe('/portal')
  })

  it('only ever answers something that stays on the site and is a valid header value', () => {
    for (const value of redirectBypasses) {
      const kept = safeRedirectPath(value, '/dashboard')
      expect(new URL(kept, 'https://www.example.com').origin).toBe('https://www.example.com')
      expect(() => new Headers({ location: kept })).not.toThrow()
    }
  })
})
