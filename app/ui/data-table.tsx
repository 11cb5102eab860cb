import {
  ArrowDownIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  SearchIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link, useFetcher, useLocation, useNavigation, useSearchParams } from 'react-router'
import { cn } from '~/lib/cn'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/ui/select'

/**
 * The back office's one table: server-sorted columns, pages and filters that all live in the
 * address (`?status=new&sort=name&dir=asc&page=2`), so a view can be bookmarked or sent to a
 * colleague and the browser's back button walks through it. The loader reads the same parameters
 * (app/lib/list-params.ts) and returns one page; this component only renders and links.
 */

export type DataTableColumn<T> = {
  key: string
  header: ReactNode
  /** The loader sorts by this column when `?sort=<key>`. */
  sortable?: boolean
  align?: 'left' | 'right'
  /** The row's name for screen readers (a `th scope="row"`); one column should have it. */
  rowHeader?: boolean
  className?: string
  cell: (row: T) => ReactNode
}

/** `more`: the total was counted only up to `total` and there are more (the pager says "more than"). */
export type DataTablePage = { page: number; pageCount: number; total: number; more?: boolean }

/** The address with some parameters changed (undefined removes one); a new sort or filter starts at page 1. */
export function withParams(params: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(params)
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(name)
    else next.set(name, value)
  }
  const query = next.toString()
  return query ? `?${query}` : '?'
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  paging,
  sort,
  empty,
  noun = 'in all',
  notFilters = [],
}: {
  caption: string
  columns: DataTableColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  paging: DataTablePage
  /** The current sort, as the loader applied it. */
  sort: { key: string; dir: 'asc' | 'desc' }
  /** What to say when there are no rows: one text for "nothing yet", one for "nothing matches". */
  empty: { none: ReactNode; filtered: ReactNode }
  noun?: string
  /** Parameters that are not filters (a notice such as `?deleted=1`), besides page and sort. */
  notFilters?: readonly string[]
}) {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname
  const filtered = [...params.keys()].some((name) => !['page', 'sort', 'dir', ...notFilters].includes(name))
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-muted-foreground" role="status">
        {filtered || paging.page > 1 ? empty.filtered : empty.none}
      </p>
    )
  }
  return (
    <div aria-busy={loading} className={cn('grid gap-4', loading && 'opacity-60')}>
      <RecordTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} sort={sort} />
      <TablePager {...paging} noun={noun} />
    </div>
  )
}

/**
 * The table alone, for a list that fits on one page (the blog's posts, the town pages) or pages
 * itself: the same markup, row headers and keyboard-scrollable region as DataTable's.
 */
export function RecordTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
}: {
  caption: string
  columns: DataTableColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  /** The current sort, when the loader sorts by a column. */
  sort?: { key: string; dir: 'asc' | 'desc' }
}) {
  const [params] = useSearchParams()
  // Focusable, so a keyboard can scroll a table wider than the screen.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <section className="overflow-x-auto rounded-xl border bg-card shadow-sm" tabIndex={0} aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50">
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key
              const nextDir = active && sort?.dir === 'desc' ? 'asc' : 'desc'
              const Icon = active ? (sort?.dir === 'asc' ? ArrowUpIcon : ArrowDownIcon) : ArrowUpDownIcon
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (sort?.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cn('px-4 py-3 font-semibold', column.align === 'right' && 'text-right')}
                >
                  {column.sortable ? (
                    <Link
                      to={withParams(params, { sort: column.key, dir: nextDir, page: undefined })}
                      className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
                      preventScrollReset
                    >
                      {column.header}
                      <Icon className={cn('size-3.5', !active && 'opacity-40')} aria-hidden="true" />
                      <span className="sr-only">
                        {active ? `, sorted ${sort?.dir === 'asc' ? 'ascending' : 'descending'}` : ''}, sort{' '}
                        {nextDir === 'asc' ? 'ascending' : 'descending'}
                      </span>
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b last:border-0">
              {columns.map((column) => {
                const Cell = column.rowHeader ? 'th' : 'td'
                return (
                  <Cell
                    key={column.key}
                    {...(column.rowHeader ? { scope: 'row' } : {})}
                    className={cn(
                      'px-4 py-3 align-top',
                      column.rowHeader && 'font-medium',
                      column.align === 'right' && 'text-right',
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </Cell>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function TablePager({ page, pageCount, total, more, noun }: DataTablePage & { noun: string }) {
  const [params] = useSearchParams()
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link
          to={withParams(params, { page: String(page - 1) })}
          className="inline-flex min-h-11 items-center gap-1 text-primary"
        >
          <ChevronLeftIcon className="size-4" aria-hidden="true" />
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">
        Page {page} of {more ? `more than ${pageCount}` : pageCount} · {more ? 'more than ' : ''}
        {total.toLocaleString('en-US')} {noun}
      </span>
      {page < pageCount || more ? (
        <Link
          to={withParams(params, { page: String(page + 1) })}
          className="inline-flex min-h-11 items-center gap-1 text-primary"
        >
          Next page
          <ChevronRightIcon className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

/**
 * The filters above a table: a GET form, so applying them changes the address. The current sort
 * is kept; the page starts again at 1.
 */
export function DataTableFilters({
  label,
  children,
  clearTo,
  className,
}: {
  label: string
  children: ReactNode
  /** The list without filters. */
  clearTo: string
  className?: string
}) {
  const [params] = useSearchParams()
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className={cn('grid gap-4 rounded-xl border bg-card p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-4', className)}
    >
      {params.get('sort') && <input type="hidden" name="sort" value={params.get('sort') ?? ''} />}
      {params.get('dir') && <input type="hidden" name="dir" value={params.get('dir') ?? ''} />}
      {children}
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">
          <SearchIcon aria-hidden="true" />
          Apply
        </Button>
        <Button asChild variant="ghost">
          <Link to={clearTo}>Clear</Link>
        </Button>
      </div>
    </Form>
  )
}

/** The value an "all" choice submits; loaders ignore values they do not know. */
export const ALL = 'all'

/** One filter chosen from a list (Radix Select, submitted with the form under `name`). */
export function FilterSelect({
  label,
  name,
  value,
  options,
  allLabel,
  onOpenChange,
  pendingLabel,
}: {
  label: string
  name: string
  value: string | undefined
  options: ReadonlyArray<{ value: string; label: string }>
  allLabel: string
  onOpenChange?: (open: boolean) => void
  /** Shown as a last, disabled choice while more choices are on their way. */
  pendingLabel?: string
}) {
  return (
    <Field label={label}>
      <Select name={name} defaultValue={value ?? ALL} onOpenChange={onOpenChange}>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
          {pendingLabel && (
            <SelectItem value="pending" disabled>
              {pendingLabel}
            </SelectItem>
          )}
        </SelectContent>
      </Select>
    </Field>
  )
}

type FilterOption = { value: string; label: string }

/**
 * A filter whose choices are too many to send with every page (a desk's thousand organisations):
 * the page carries only the chosen one, and the choices are asked of `source` (a loader answering
 * `{ options }`) the first time the list is opened.
 */
export function LazyFilterSelect({
  chosen,
  source,
  loadingLabel,
  ...filter
}: {
  label: string
  name: string
  value: string | undefined
  /** The chosen option, so the closed filter shows its name before the others are loaded. */
  chosen: FilterOption | undefined
  allLabel: string
  source: string
  loadingLabel: string
}) {
  const fetcher = useFetcher<{ options: FilterOption[] }>()
  const loaded = fetcher.data?.options
  return (
    <FilterSelect
      {...filter}
      options={loaded ?? (chosen ? [chosen] : [])}
      pendingLabel={loaded ? undefined : loadingLabel}
      onOpenChange={(open) => {
        if (open && !loaded && fetcher.state === 'idle') fetcher.load(source)
      }}
    />
  )
}

/** A range of days (`from`, `to`; YYYY-MM-DD as the date inputs send them), the first labelled as the list needs. */
export function DateRangeFilter({
  fromLabel,
  from,
  to,
}: {
  fromLabel: string
  from: string | undefined
  to: string | undefined
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <Field label={fromLabel}>
        <Input name="from" type="date" defaultValue={from ?? ''} />
      </Field>
      <Field label="to">
        <Input name="to" type="date" defaultValue={to ?? ''} />
      </Field>
    </div>
  )
}
