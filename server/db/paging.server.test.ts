import { describe, expect, it } from 'vitest'
import { listPage } from './paging.server.ts'

/** A list of `total` numbers, read the way a query would: a count, then a window. */
function numbers(total: number) {
  const all = Array.from({ length: total }, (_, i) => i + 1)
  const windows: { limit: number; offset: number }[] = []
  return {
    windows,
    read: (asked: number | undefined) =>
      listPage(
        asked,
        10,
        async () => all.length,
        async (window) => {
          windows.push(window)
          return all.slice(window.offset, window.offset + window.limit)
        },
      ),
  }
}

describe('listPage', () => {
  it('reads the page asked for, with the total and the number of pages', async () => {
    const list = numbers(25)
    expect(await list.read(2)).toEqual({
      items: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      total: 25,
      page: 2,
      pageCount: 3,
    })
    expect(list.windows).toEqual([{ limit: 10, offset: 10 }])
  })

  it('starts at the first page, and holds a page past the end at the last one', async () => {
    const list = numbers(25)
    expect((await list.read(undefined)).items[0]).toBe(1)
    expect(await list.read(9)).toMatchObject({ page: 3, items: [21, 22, 23, 24, 25] })
    expect((await list.read(0)).page).toBe(1)
  })

  it('has one empty page when nothing matches', async () => {
    expect(await numbers(0).read(4)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 })
  })
})
