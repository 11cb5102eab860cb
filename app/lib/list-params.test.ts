import { describe, expect, it } from 'vitest'
import { listParams } from './list-params'

const of = (query: string) => listParams(new URL(`http://site.test/list?${query}`))

/** The message of the 400 a reader throws, or a failure when it throws none. */
function refusal(read: () => unknown): string {
  try {
    read()
  } catch (thrown) {
    const answer = thrown as { init?: { status?: number }; data?: { error?: string } }
    expect(answer.init?.status).toBe(400)
    return answer.data?.error ?? ''
  }
  throw new Error('no 400')
}

describe('listParams', () => {
  it('reads the assignee of a staff list: me as the signed-in person, nobody, or a staff id', () => {
    const me = '0b9e3c1a-5d2f-4c7e-9a1b-2c3d4e5f6a7b'
    const other = '7f6e5d4c-3b2a-4190-8a7b-6c5d4e3f2a1b'
    expect(of('assignee=me').assignee(me)).toBe(me)
    expect(of('assignee=none').assignee(me)).toBe('none')
    expect(of(`assignee=${other}`).assignee(me)).toBe(other)
    expect(of('assignee=someone').assignee(me)).toBeUndefined()
    expect(of('assignee=all').assignee(me)).toBeUndefined()
    expect(of('').assignee(me)).toBeUndefined()
  })

  it('keeps known choices and ignores the rest, "all" included', () => {
    expect(of('status=new').oneOf('status', ['new', 'spam'] as const)).toBe('new')
    expect(of('status=bogus').oneOf('status', ['new', 'spam'] as const)).toBeUndefined()
    expect(of('status=all').oneOf('status', ['new', 'all'] as const)).toBeUndefined()
  })

  it('reads dates that exist inside the window and refuses any other with a 400', () => {
    expect(of('from=2026-02-28').date('from')).toBe('2026-02-28')
    expect(of('from=').date('from')).toBeUndefined()
    for (const bad of ['2026-02-31x', '2026-02-30', 'yesterday', '0000-01-01', '9999-12-31']) {
      expect(
        refusal(() => of(`from=${bad}`).date('from')),
        bad,
      ).toMatch(/"from" is not a date/)
    }
  })

  it('refuses control characters in any parameter, read or not', () => {
    expect(refusal(() => of('q=%00').text('q'))).toMatch(/"q" holds characters/)
    expect(refusal(() => of('other=a%0Db'))).toMatch(/"other" holds characters/)
    expect(refusal(() => of('status=%1B').oneOf('status', ['new'] as const))).toMatch(/"status"/)
  })

  it('keeps pages within bounds', () => {
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
