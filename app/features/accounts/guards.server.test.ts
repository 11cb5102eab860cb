import { describe, expect, it } from 'vitest'
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
  it('keeps local paths and drops everything that could leave the site', () => {
    expect(safeRedirectPath('/billing?x=1')).toBe('/billing?x=1')
    expect(safeRedirectPath('//evil.example/path')).toBe('/portal')
    expect(safeRedirectPath('/\\evil.example')).toBe('/portal')
    expect(safeRedirectPath('https://evil.example')).toBe('/portal')
    expect(safeRedirectPath(null)).toBe('/portal')
    expect(safeRedirectPath(`/${'a'.repeat(600)}`)).toBe('/portal')
  })
})
