import { describe, expect, it } from 'vitest'
import type { OrganisationRole } from '../organisations'
import { type Actor, can, fallbackPathFor, mustEnrolSecondFactor, type Requirement, requirementOf } from './access'
import type { AccountRole, AccountStatus } from './status'

const roles: AccountRole[] = ['client', 'employee', 'admin']
const statuses: AccountStatus[] = ['pending', 'approved', 'rejected']
const requirements: Requirement[] = [
  'session',
  'approved',
  'staff',
  'admin',
  'billing',
  'contracts',
  'sign_contracts',
  'people',
  'support',
]

describe('can', () => {
  it('refuses every requirement to a visitor who is not signed in', () => {
    for (const requirement of requirements) {
      expect(can(null, requirement)).toBe(false)
    }
  })

  it('answers the whole table of account roles, statuses and the account requirements', () => {
    const table: Record<'session' | 'approved' | 'staff' | 'admin', (actor: NonNullable<Actor>) => boolean> = {
      session: () => true,
      approved: (a) => a.role !== 'client' || a.status === 'approved',
      staff: (a) => a.role === 'employee' || a.role === 'admin',
      admin: (a) => a.role === 'admin',
    }
    for (const role of roles) {
      for (const status of statuses) {
        for (const [requirement, expected] of Object.entries(table) as [
          keyof typeof table,
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

describe('can, with roles in an organisation', () => {
  // One row per visitor, one column per requirement: the table of docs/accounts.md#organisations.
  const columns = [
    'session',
    'approved',
    'staff',
    'admin',
    'billing',
    'contracts',
    'sign_contracts',
    'people',
    'support',
  ] as const
  const table: [string, Actor, boolean[]][] = [
    // visitor                                            session approved staff admin  billing contracts sign   people support
    ['owner', client('approved', 'owner'), [true, true, false, false, true, true, true, true, true]],
    ['billing person', client('approved', 'billing'), [true, true, false, false, true, true, false, false, true]],
    ['member', client('approved', 'member'), [true, true, false, false, false, false, false, false, true]],
    [
      'client in no organisation',
      client('approved', null),
      [true, true, false, false, false, false, false, false, false],
    ],
    ['pending owner', client('pending', 'owner'), [true, false, false, false, false, false, false, false, false]],
    ['rejected owner', client('rejected', 'owner'), [true, false, false, false, false, false, false, false, false]],
    [
      'pending billing person',
      client('pending', 'billing'),
      [true, false, false, false, false, false, false, false, false],
    ],
    ['employee', { role: 'employee', status: 'approved' }, [true, true, true, false, true, true, false, false, true]],
    ['admin', { role: 'admin', status: 'approved' }, [true, true, true, true, true, true, false, false, true]],
    ['nobody signed in', null, [false, false, false, false, false, false, false, false, false]],
  ]

  function client(status: AccountStatus, organisationRole: OrganisationRole | null): Actor {
    return { role: 'client', status, organisationRole }
  }

  it('covers every requirement in its columns', () => {
    expect([...columns].sort()).toEqual([...requirements].sort())
  })

  for (const [who, actor, expected] of table) {
    it(`answers for the ${who}`, () => {
      expect(Object.fromEntries(columns.map((requirement) => [requirement, can(actor, requirement)]))).toEqual(
        Object.fromEntries(columns.map((requirement, i) => [requirement, expected[i]])),
      )
    })
  }

  it('gives a staff account no organisation rights from a role it happens to carry', () => {
    expect(can({ role: 'employee', status: 'approved', organisationRole: 'owner' }, 'people')).toBe(false)
    expect(can({ role: 'admin', status: 'approved', organisationRole: 'owner' }, 'sign_contracts')).toBe(false)
  })
})

describe('requirementOf', () => {
  it('names the requirement of every protected area and nothing for public pages', () => {
    expect(requirementOf('/admin')).toBe('admin')
    expect(requirementOf('/admin/blog/new')).toBe('admin')
    expect(requirementOf('/employee')).toBe('staff')
    expect(requirementOf('/billing/invoices')).toBe('billing')
    expect(requirementOf('/billing')).toBe('billing')
    expect(requirementOf('/billing/contracts')).toBe('contracts')
    expect(requirementOf('/billing/contracts/x/pdf')).toBe('contracts')
    expect(requirementOf('/account/organisation')).toBe('people')
    expect(requirementOf('/dashboard')).toBe('session')
    expect(requirementOf('/support')).toBe('support')
    expect(requirementOf('/support/new')).toBe('support')
    expect(requirementOf('/supporters')).toBeUndefined()
    expect(requirementOf('/account/settings')).toBe('session')
    expect(requirementOf('/administrator')).toBeUndefined()
    expect(requirementOf('/billings')).toBeUndefined()
    expect(requirementOf('/')).toBeUndefined()
    expect(requirementOf('/blog/admin')).toBeUndefined()
  })
})

describe('fallbackPathFor', () => {
  const client = (status: 'approved' | 'pending', organisationRole: 'owner' | 'member' | null): Actor => ({
    role: 'client',
    status,
    organisationRole,
  })

  it('sends a client waiting for approval to the dashboard, which says why', () => {
    expect(fallbackPathFor(client('pending', 'owner'), 'billing')).toBe('/dashboard')
    expect(fallbackPathFor(client('pending', 'owner'), 'approved')).toBe('/dashboard')
  })

  it('keeps an approved client whose role does not cover the page on it: the server says so in their role’s words', () => {
    expect(fallbackPathFor(client('approved', 'member'), 'billing')).toBeNull()
    expect(fallbackPathFor(client('approved', null), 'contracts')).toBeNull()
  })

  it('sends anyone outside the back office to their portal', () => {
    expect(fallbackPathFor(client('approved', 'owner'), 'staff')).toBe('/portal')
    expect(fallbackPathFor(client('approved', 'owner'), 'admin')).toBe('/portal')
  })
})

describe('mustEnrolSecondFactor', () => {
  it('holds staff, and the people of an organisation that requires it, until they have a second factor', () => {
    expect(mustEnrolSecondFactor({ role: 'employee', twoFactorEnabled: false })).toBe(true)
    expect(mustEnrolSecondFactor({ role: 'employee', twoFactorEnabled: true })).toBe(false)
    expect(mustEnrolSecondFactor({ role: 'client', twoFactorEnabled: false })).toBe(false)
    const strict = { requireSecondFactor: true }
    expect(mustEnrolSecondFactor({ role: 'client', twoFactorEnabled: false, organisation: strict })).toBe(true)
    expect(mustEnrolSecondFactor({ role: 'client', twoFactorEnabled: true, organisation: strict })).toBe(false)
    expect(
      mustEnrolSecondFactor({ role: 'client', twoFactorEnabled: false, organisation: { requireSecondFactor: false } }),
    ).toBe(false)
  })
})
