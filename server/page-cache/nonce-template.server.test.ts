import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { nonceTemplate } from './nonce-template.server.ts'

const nonceOf = () => randomBytes(16).toString('base64')

function page(nonce: string, size = 50_000): Buffer {
  const filler = Array.from({ length: size / 50 }, (_, i) => `<p class="x">Paragraph ${i} of the page.</p>`).join('')
  return Buffer.from(
    `<!DOCTYPE html><html><head><script nonce="${nonce}">a()</script></head><body>${filler}` +
      `<script type="application/ld+json" nonce="${nonce}">{}</script>${filler}<script nonce="${nonce}">b()</script></body></html>`,
  )
}

describe('a page as a nonce template', () => {
  it('gives back the rendered page with a new nonce in every place the old one was', () => {
    const rendered = nonceOf()
    const template = nonceTemplate(page(rendered), rendered)
    const fresh = nonceOf()
    const raw = template.raw(fresh)
    expect(raw.equals(page(fresh))).toBe(true)
    expect(template.rawLength).toBe(raw.length)
  })

  it('gives a gzip body that decompresses to that page, CRC and length checked by the decoder', () => {
    const rendered = nonceOf()
    const template = nonceTemplate(page(rendered, 200_000), rendered)
    for (let i = 0; i < 20; i++) {
      const fresh = nonceOf()
      const gzip = template.gzip(fresh)
      expect(gzip.length).toBe(template.gzipLength)
      // gunzip verifies the trailer's CRC-32 and size
      expect(zlib.gunzipSync(gzip).equals(page(fresh, 200_000))).toBe(true)
    }
  })

  it('is smaller as gzip than as the page, and handles a nonce at the very start or end', () => {
    const rendered = nonceOf()
    const body = Buffer.from(`${rendered}<p>${'middle '.repeat(500)}</p>${rendered}`)
    const template = nonceTemplate(body, rendered)
    const fresh = nonceOf()
    expect(zlib.gunzipSync(template.gzip(fresh)).toString()).toBe(`${fresh}<p>${'middle '.repeat(500)}</p>${fresh}`)
    expect(template.gzipLength).toBeLessThan(template.rawLength)
  })

  it('handles a page without the nonce, and refuses a nonce of another length', () => {
    const template = nonceTemplate(Buffer.from('<p>no scripts</p>'), nonceOf())
    expect(zlib.gunzipSync(template.gzip(nonceOf())).toString()).toBe('<p>no scripts</p>')
    const other = nonceTemplate(page('abc'), 'abc')
    expect(() => other.raw('abcd')).toThrow(/length/)
  })

  it('reuses a released body for the next answer of its form, and never one still held', () => {
    const rendered = nonceOf()
    const template = nonceTemplate(page(rendered), rendered)
    const first = nonceOf()
    const held = template.gzip(first)
    const second = nonceOf()
    const other = template.gzip(second)
    expect(other).not.toBe(held)
    // The body not released keeps its own nonce while the other is written.
    expect(zlib.gunzipSync(held).equals(page(first))).toBe(true)
    template.release(other)
    const third = nonceOf()
    const reused = template.gzip(third)
    expect(reused).toBe(other)
    expect(zlib.gunzipSync(reused).equals(page(third))).toBe(true)
    expect(zlib.gunzipSync(held).equals(page(first))).toBe(true)

    const raw = template.raw(first)
    template.release(raw)
    // A released raw body serves the raw form only.
    expect(template.gzip(second)).not.toBe(raw)
    expect(template.raw(second)).toBe(raw)
    expect(raw.equals(page(second))).toBe(true)
  })
})
