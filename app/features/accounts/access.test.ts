import { describe, expect, it } from 'vitest'
import { type Actor, can, type Requirement, requirementOf } from './access'
import type { AccountRole, AccountStatus } from './status'

const roles: AccountRole[] = ['client', 'employee', 'admin']
const statuses: AccountStatus[] = ['pending', 'approved', 'rejected']

describe('can', () => {
  it('refuses every requirement to a visitor who is not signed in', () => {
    for (const requirement of ['session', 'approved', 'staff', 'admin'] as Requirement[]) {
      expect(can(null, requirement)).toBe(false)
    }
  })

  it('answers the whole table of roles, statuses and requirements', () => {
    const table: Record<Requirement, (actor: NonNullable<Actor>) => boolean> = {
      session: () => true,
      approved: (a) => a.role !== 'client' || a.status === 'approved',
      staff: (a) => a.role === 'employee' || a.role === 'admin',
      admin: (a) => a.role === 'admin',
    }
    for (const role of roles) {
      for (const status of statuses) {
        for (const [requirement, expected] of Object.entries(table) as [
          Requirement,
          (a: NonNullable<Actor>) => boolean,
        ][]) {
          expect(can({ role, status }, requirement), `${role}/${status} → ${requirement}`).toBe(
            expected({ role, status }),
          )
        }
      }
    }
  })

  it('lets a pending or rejected client use their dashboard but not billing', () => {
    expect(can({ role: 'client', status: 'pending' }, 'session')).toBe(true)
    expect(can({ role: 'client', status: 'rejected' }, 'approved')).toBe(false)
    expect(can({ role: 'employee', status: 'pending' }, 'approved')).toBe(true)
  })
})

describe('requirementOf', () => {
  it('names the requirement of every protected area and nothing for public pages', () => {
    expect(requirementOf('/admin')).toBe('admin')
    expect(requirementOf('/admin/blog/new')).toBe('admin')
    expect(requirementOf('/employee')).toBe('staff')
    expect(requirementOf('/billing/invoices')).toBe('approved')
    expect(requirementOf('/dashboard')).toBe('session')
    expect(requirementOf('/account/settings')).toBe('session')
    expect(requirementOf('/administrator')).toBeUndefined()
    expect(requirementOf('/billings')).toBeUndefined()
    expect(requirementOf('/')).toBeUndefined()
    expect(requirementOf('/blog/admin')).toBeUndefined()
  })
})
