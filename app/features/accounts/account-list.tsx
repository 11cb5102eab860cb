import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { businessDateTimeFormat } from '~/lib/business-time'
import { listParams } from '~/lib/list-params'
import { Badge } from '~/ui/badge'
import { type DataTableColumn, DataTableFilters, FilterSelect } from '~/ui/data-table'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { type AccountState, type accountRoles, shownAccountState, stateLabels } from './admin-labels'

/**
 * The parts the two account lists share: the admins' /admin/accounts (every account, with roles)
 * and the employees' /employee/clients (client accounts, read only). Each page composes its
 * columns and filters from these and keeps only what differs (role, links, words).
 */

export type AccountRole = (typeof accountRoles)[number]

/** What a row of either list shows (server/accounts/admin.server.ts `listAccounts`). */
export type AccountRow = {
  id: string
  email: string
  fullName: string | null
  companyName: string | null
  role: string
  status: string
  disabledAt: Date | string | null
  createdAt: Date | string
}

export const accountSorts = ['created', 'name', 'email'] as const

/**
 * The list's address as a filter for `listAccounts`: search, state (one of `states`), the role (one
 * of `roles` from the address, or the one given), sort and page. Unknown values are ignored.
 */
export function accountListFilter(
  url: URL,
  options:
    | { states: readonly AccountState[]; role: AccountRole }
    | { states: readonly AccountState[]; roles: readonly AccountRole[] },
) {
  const p = listParams(url)
  const sort = p.sort(accountSorts, 'created')
  return {
    q: p.text('q'),
    role: 'role' in options ? options.role : p.oneOf('role', options.roles),
    state: p.oneOf('state', options.states),
    sort: sort.key,
    dir: sort.dir,
    page: p.page(),
  }
}

export const roleLabels: Record<string, string> = { client: 'Client', employee: 'Employee', admin: 'Admin' }

/** The name, linking to the account's page under `basePath`. */
function nameColumn<T extends AccountRow>(basePath: string): DataTableColumn<T> {
  return {
    key: 'name',
    header: 'Name',
    sortable: true,
    rowHeader: true,
    cell: (item) => (
      <Link to={`${basePath}/${item.id}`} className="text-primary underline-offset-4 hover:underline">
        {item.fullName ?? item.email}
      </Link>
    ),
  }
}

function emailColumn<T extends AccountRow>(): DataTableColumn<T> {
  return { key: 'email', header: 'E-mail', sortable: true, cell: (item) => item.email }
}

function companyColumn<T extends AccountRow>(): DataTableColumn<T> {
  return { key: 'company', header: 'Company', cell: (item) => item.companyName ?? '—' }
}

function roleColumn<T extends AccountRow>(): DataTableColumn<T> {
  return { key: 'role', header: 'Role', cell: (item) => roleLabels[item.role] ?? item.role }
}

function stateColumn<T extends AccountRow>(): DataTableColumn<T> {
  return {
    key: 'state',
    header: 'Account',
    cell: (item) => <Badge variant="secondary">{shownAccountState(item)}</Badge>,
  }
}

/** When the account was made, under the list's own heading ("Created", "Since"). */
function createdColumn<T extends AccountRow>(header: string): DataTableColumn<T> {
  return {
    key: 'created',
    header,
    sortable: true,
    cell: (item) => businessDateTimeFormat.format(new Date(item.createdAt)),
  }
}

/** The columns the lists pick from, in their own order: `accountColumns.name('/admin/accounts')`. */
export const accountColumns = {
  name: nameColumn,
  email: emailColumn,
  company: companyColumn,
  role: roleColumn,
  state: stateColumn,
  created: createdColumn,
}

/** The search and the state filter; `children` (the admins' role filter) stand between them. */
export function AccountFilters({
  label,
  clearTo,
  filter,
  states,
  children,
}: {
  label: string
  clearTo: string
  filter: { q?: string | undefined; state?: string | undefined }
  states: readonly AccountState[]
  children?: ReactNode
}) {
  return (
    <DataTableFilters label={label} clearTo={clearTo}>
      <Field label="Search" className="sm:col-span-2">
        <Input name="q" type="search" defaultValue={filter.q ?? ''} placeholder="Name, company, e-mail or phone" />
      </Field>
      {children}
      <FilterSelect
        label="Account"
        name="state"
        value={filter.state}
        allLabel="Any status"
        options={states.map((s) => ({ value: s, label: stateLabels[s] ?? s }))}
      />
    </DataTableFilters>
  )
}

/** An account page's heading: the way back to its list, the name and the account's state. */
export function AccountHeading({
  back,
  name,
  state,
  destructive = false,
}: {
  back: { to: string; label: string }
  name: string
  state: string
  destructive?: boolean
}) {
  return (
    <>
      <p className="text-muted-foreground text-sm">
        <Link to={back.to} className="underline-offset-4 hover:underline">
          {back.label}
        </Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-3 font-bold text-3xl tracking-tight">
        {name}
        <Badge variant={destructive ? 'destructive' : 'secondary'} data-testid="account-state">
          {state}
        </Badge>
      </h1>
    </>
  )
}
