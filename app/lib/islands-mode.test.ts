import { describe, expect, it } from 'vitest'
import { islandsHandle, pageUsesIslands, signedInIslandsHandle } from './islands-mode'

const root = { id: 'root', handle: undefined }
const home = { id: 'routes/home', handle: { islands: (search: URLSearchParams) => !search.has('token') } }
const service = { id: 'service:managed-it', handle: islandsHandle }
const book = { id: 'routes/book', handle: undefined }
const area = { id: 'area-account', handle: signedInIslandsHandle }
const dashboard = { id: 'routes/account/dashboard', handle: signedInIslandsHandle }
const settings = { id: 'routes/account/settings', handle: undefined }

describe('pageUsesIslands', () => {
  it('serves a page whose routes all opt in as islands to visitors who are not signed in', () => {
    expect(pageUsesIslands([root, service], false, '')).toBe(true)
    expect(pageUsesIslands([root, home], false, '?utm_source=mail')).toBe(true)
  })

  it('runs the app for signed-in visitors, pages that do not opt in, and a predicate that says no', () => {
    expect(pageUsesIslands([root, service], true, '')).toBe(false)
    expect(pageUsesIslands([root, book], false, '')).toBe(false)
    expect(pageUsesIslands([root, home], false, '?token=abc&email=a%40b.c')).toBe(false)
    expect(pageUsesIslands([root], false, '')).toBe(false)
    expect(pageUsesIslands([root, { id: 'x', handle: { islands: 'yes' } }], false, '')).toBe(false)
  })
})

describe('pageUsesIslands for signed-in visitors', () => {
  it('serves a page as islands to them only when every route of it says so', () => {
    expect(pageUsesIslands([root, area, dashboard], true, '')).toBe(true)
    expect(pageUsesIslands([root, area, dashboard], false, '?needsApproval=1')).toBe(true)
    expect(pageUsesIslands([root, area, settings], true, '')).toBe(false)
    expect(pageUsesIslands([root, area, service], true, '')).toBe(false)
  })
})
