import { describe, expect, it } from 'vitest'
import { requirementOf } from '../../app/features/accounts/access'
import { pages, routeTable } from '../security/helpers/route-table'

const guardLayout = 'routes/protected-area.tsx'

/** `protectedAreas` and the guarded layouts of app/routes.ts describe the same pages. */
describe('the protected areas in the route table', () => {
  it('has a guarded layout for each area', () => {
    const layouts = routeTable.filter((route) => route.file === guardLayout).map((route) => route.id)
    expect(layouts.sort()).toEqual(['area-account', 'area-admin', 'area-billing', 'area-staff', 'area-support'])
  })

  it('puts every page of a protected area under a guarded layout, and no public page', () => {
    const mismatched = pages
      .filter((page) => (requirementOf(page.path) !== undefined) !== page.layouts.includes(guardLayout))
      .map((page) => `${page.path} (${page.file})`)
    expect(pages.filter((page) => page.layouts.includes(guardLayout)).length).toBeGreaterThan(8)
    expect(mismatched).toEqual([])
  })
})
