import { describe, expect, it } from 'vitest'
import { islandsHandle, pageUsesIslands } from './islands-mode'

const root = { id: 'root', handle: undefined }
const home = { id: 'routes/home', handle: { islands: (search: URLSearchParams) => !search.has('token') } }
const service = { id: 'service:managed-it', handle: islandsHandle }
const book = { id: 'routes/book', handle: undefined }
const area = { id: 'area-account', handle: islandsHandle }
const dashboard = { id: 'routes/account/dashboard', handle: islandsHandle }
const settings = { id: 'routes/account/settings', handle: undefined }

describe('pageUsesIslands', () => {
  it('serves a page whose routes all opt in as islands', () => {
    expect(pageUsesIslands([root, service], '')).toBe(true)
    expect(pageUsesIslands([root, home], '?utm_source=mail')).toBe(true)
    expect(pageUsesIslands([root, area, dashboard], '')).toBe(true)
    expect(pageUsesIslands([root, area, dashboard], '?needsApproval=1')).toBe(true)
  })

  it('runs the app for pages that do not opt in, a route of the page that does not, and a predicate that says no', () => {
    expect(pageUsesIslands([root, book], '')).toBe(false)
    expect(pageUsesIslands([root, area, settings], '')).toBe(false)
    expect(pageUsesIslands([root, home], '?token=abc&email=a%40b.c')).toBe(false)
    expect(pageUsesIslands([root], '')).toBe(false)
    expect(pageUsesIslands([root, { id: 'x', handle: { islands: 'yes' } }], '')).toBe(false)
  })
})
