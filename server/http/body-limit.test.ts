import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitBody } from './body-limit.server.ts'

const LIMIT = 1024

/** The answer of the test server to one request, sent through a real socket as a browser would. */
function send(
  server: http.Server,
  request: { method: string; body?: string; chunked?: boolean },
): Promise<{ status: number; text: string }> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {}
    if (request.body !== undefined && !request.chunked)
      headers['Content-Length'] = String(Buffer.byteLength(request.body))
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: '/', headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    if (request.body !== undefined && request.chunked) {
      // Without a stated length, in two parts: Node sends it with Transfer-Encoding: chunked.
      const half = Math.floor(request.body.length / 2)
      req.write(request.body.slice(0, half))
      req.write(request.body.slice(half))
    } else if (request.body !== undefined) req.write(request.body)
    req.end()
  })
}

describe('limitBody', () => {
  let server: http.Server
  const handled: string[] = []

  beforeAll(async () => {
    const app = new Hono()
    app.use(limitBody({ maxSize: LIMIT, onError: (c) => c.text('too large', 413) }))
    app.all('/', async (c) => {
      const text = c.req.method === 'GET' ? '' : await c.req.text()
      handled.push(text)
      return c.text(`read ${text.length}`)
    })
    server = await new Promise<http.Server>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started as http.Server))
    })
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('lets a body of stated length up to the limit through, read whole by the handler', async () => {
    const body = 'a'.repeat(LIMIT)
    expect(await send(server, { method: 'POST', body })).toEqual({ status: 200, text: `read ${LIMIT}` })
    expect(handled.at(-1)).toBe(body)
  })

  it('refuses a stated length over the limit without running the handler', async () => {
    const before = handled.length
    expect(await send(server, { method: 'POST', body: 'b'.repeat(LIMIT + 1) })).toEqual({
      status: 413,
      text: 'too large',
    })
    expect(handled.length).toBe(before)
  })

  it('counts a body of unstated length (chunked) as it streams in', async () => {
    const fits = 'c'.repeat(LIMIT)
    expect(await send(server, { method: 'POST', body: fits, chunked: true })).toEqual({
      status: 200,
      text: `read ${LIMIT}`,
    })
    expect(handled.at(-1)).toBe(fits)
    const before = handled.length
    expect(await send(server, { method: 'POST', body: 'd'.repeat(LIMIT + 1), chunked: true })).toEqual({
      status: 413,
      text: 'too large',
    })
    expect(handled.length).toBe(before)
  })

  it('lets a request without a body through', async () => {
    expect(await send(server, { method: 'GET' })).toEqual({ status: 200, text: 'read 0' })
  })
})
