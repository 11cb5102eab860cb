import { describe, expect, it } from 'vitest'
import { acceptsGzip, chooseEncoding } from './accept-encoding.server.ts'

describe('Accept-Encoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('BR;Q=0, GZIP;q=0.5')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('*, br;q=0')).toBe('gzip')
    expect(chooseEncoding('identity')).toBeUndefined()
    expect(chooseEncoding('')).toBeUndefined()
    expect(chooseEncoding(undefined)).toBeUndefined()
    expect(acceptsGzip('gzip, deflate, br')).toBe(true)
    expect(acceptsGzip('br')).toBe(false)
    expect(acceptsGzip('gzip;q=0, br')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })

  it('answers the same for a value seen before, however many distinct values came between', () => {
    for (let i = 0; i < 200; i++) expect(chooseEncoding(`gzip;q=0.${i % 10}, x-${i}`)).toBe(i % 10 ? 'gzip' : undefined)
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(acceptsGzip('br;q=0, gzip')).toBe(true)
    expect(chooseEncoding('gzip;q=0, deflate')).toBeUndefined()
  })
})
