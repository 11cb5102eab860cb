import type { ReactNode } from 'react'
import { DataTableFilters, FilterSelect } from '~/ui/data-table'
import { Field } from '~/ui/field'
import { FiltersDisclosure } from '~/ui/filters-disclosure'
import { Input } from '~/ui/input'

/**
 * The filters of a staff list (the requests list, the tickets queue): folded behind a button on a
 * phone, a GET form whose first field is the search, then the list's own filters. The address is
 * read back by `listParams` (app/lib/list-params.ts), its assignee by `assignee(userId)`.
 */
export function StaffListFilters({
  label,
  clearTo,
  search,
  children,
}: {
  label: string
  /** The list without filters. */
  clearTo: string
  /** The search's value from the address and what it finds. */
  search: { value: string | undefined; placeholder: string }
  children: ReactNode
}) {
  return (
    <FiltersDisclosure>
      <DataTableFilters label={label} clearTo={clearTo}>
        <Field label="Search" className="sm:col-span-2">
          <Input name="q" type="search" defaultValue={search.value ?? ''} placeholder={search.placeholder} />
        </Field>
        {children}
      </DataTableFilters>
    </FiltersDisclosure>
  )
}

/**
 * Whose records: me, nobody yet, or one of the staff. `value` is the filter's assignee (the
 * signed-in person's id for "me", as `listParams(url).assignee(userId)` reads it).
 */
export function AssigneeFilter({
  value,
  me,
  staff,
}: {
  value: string | undefined
  me: string
  staff: ReadonlyArray<{ value: string; label: string }>
}) {
  return (
    <FilterSelect
      label="Assignee"
      name="assignee"
      value={value === me ? 'me' : value}
      allLabel="Anyone"
      options={[
        { value: 'me', label: 'Me' },
        { value: 'none', label: 'Nobody yet' },
        ...staff.filter((s) => s.value !== me),
      ]}
    />
  )
}
