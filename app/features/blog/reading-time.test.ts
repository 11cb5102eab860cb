import { describe, expect, it } from 'vitest'
import { readingMinutes, readingTimeLabel } from './reading-time'

describe('reading time', () => {
  it('is the words at 200 a minute, to the nearest minute, never under one', () => {
    expect(readingMinutes(0)).toBe(1)
    expect(readingMinutes(120)).toBe(1)
    expect(readingMinutes(299)).toBe(1)
    expect(readingMinutes(300)).toBe(2)
    expect(readingMinutes(1000)).toBe(5)
    expect(readingTimeLabel(1700)).toBe('9 min read')
  })
})
