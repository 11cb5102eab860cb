import { describe, expect, it } from 'vitest'
import { listParams } from './list-params'

const of = (query: string) => listParams(new URL(`http://site.test/list?${query}`))

describe('listParams', () => {
  it('keeps known choices and ignores the rest, "all" included', () => {
    expect(of('status=new').oneOf('status', ['new', 'spam'] as const)).toBe('new')
    expect(of('status=bogus').oneOf('status', ['new', 'spam'] as const)).toBeUndefined()
    expect(of('status=all').oneOf('status', ['new', 'all'] as const)).toBeUndefined()
  })

  it('reads dates that exist and pages within bounds', () => {
    expect(of('from=2026-02-28').date('from')).toBe('2026-02-28')
    expect(of('from=2026-02-31x').date('from')).toBeUndefined()
    expect(of('from=yesterday').date('from')).toBeUndefined()
    expect(of('page=3').page()).toBe(3)
    expect(of('page=-4').page()).toBe(1)
    expect(of('page=abc').page()).toBe(1)
    expect(of('page=99999999').page()).toBe(100_000)
  })

  it('cuts text and falls back to the default sort, newest first', () => {
    expect(of(`q=${'x'.repeat(300)}`).text('q')?.length).toBe(100)
    expect(of('q=%20%20').text('q')).toBeUndefined()
    expect(of('').sort(['received', 'name'] as const, 'received')).toEqual({ key: 'received', dir: 'desc' })
    expect(of('sort=name&dir=asc').sort(['received', 'name'] as const, 'received')).toEqual({ key: 'name', dir: 'asc' })
    expect(of('sort=drop&dir=sideways').sort(['received', 'name'] as const, 'received')).toEqual({
      key: 'received',
      dir: 'desc',
    })
  })
})
