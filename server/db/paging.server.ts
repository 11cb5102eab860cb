/**
 * One page of a staff list (the requests list, the tickets queue): the count first, the page asked
 * for held within the pages there are (an old bookmark past the end shows the last page), then
 * that page's rows.
 */
export type ListPage<T> = { items: T[]; total: number; page: number; pageCount: number }

export async function listPage<T>(
  asked: number | undefined,
  size: number,
  count: () => Promise<number>,
  rows: (window: { limit: number; offset: number }) => Promise<T[]>,
): Promise<ListPage<T>> {
  const total = await count()
  const pageCount = Math.max(1, Math.ceil(total / size))
  const page = Math.min(Math.max(1, asked ?? 1), pageCount)
  const items = await rows({ limit: size, offset: (page - 1) * size })
  return { items, total, page, pageCount }
}
