// The intake benchmark's open-model generator (scripts/bench/open-load.ts) against a small server that
// answers like the intake: it must keep to its schedule, leave the warm-up out of the figures, and
// count a booking's wait for a free connection in its latency.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { offerBookings } from '../../scripts/bench/open-load.ts'

type Received = { email: string; at: number }

/**
 * Answers each booking after `busyMs`, one at a time, as a single-threaded server would. The time is
 * waited on a timer, not spent: the server shares the test's thread with the generator, whose own
 * timers a busy loop would delay.
 */
async function intakeLike(busyMs: number) {
  const received: Received[] = []
  let ids = 0
  let turn = Promise.resolve()
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const { email } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { email: string }
      received.push({ email, at: performance.now() })
      const answer = () => {
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ success: true, data: { booking: { id: `booking-${++ids}`, email } } }))
      }
      if (busyMs === 0) return answer()
      turn = turn.then(() => new Promise<void>((resolve) => setTimeout(resolve, busyMs)).then(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(r)) }
}

const cleanup: Array<() => unknown> = []
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step()
})

function resultFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'open-load-'))
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return path.join(dir, 'result.json')
}

describe('the open-model generator', () => {
  it('offers the bookings at the rate, each at its time, and measures only those after the warm-up', async () => {
    const server = await intakeLike(0)
    cleanup.push(server.close)
    const result = await offerBookings({
      url: server.url,
      rate: 200,
      count: 300,
      warmup: 50,
      connections: 10,
      senders: 7,
      prefix: 'measured',
      seed: 1,
      resultFile: resultFile(),
    })

    expect(result.answered).toBe(300)
    expect(result.acknowledged).toHaveLength(300)
    expect(result.statuses).toEqual({ 200: 300 })
    expect(result.errors).toBe(0)
    // The warm-up's bookings are told apart by their addresses and left out of the figures.
    expect(server.received.filter((r) => r.email.startsWith('warm-measured-'))).toHaveLength(50)
    expect(server.received.filter((r) => r.email.startsWith('measured-'))).toHaveLength(300)
    // 300 bookings at 200 a second on average: about 1.5 s (a Poisson schedule's mean, seeded).
    expect(result.seconds).toBeGreaterThan(1.1)
    expect(result.seconds).toBeLessThan(2.2)
    // The server keeps up, so a booking hardly waits.
    expect(result.latencyMs.p50).toBeLessThan(20)
    // The generator sent them on time: half of them within a few milliseconds of their time. One that
    // fell behind its schedule for good would be late by hundreds of milliseconds at the median. The
    // slowest ones say only how long the test's process was starved: under the whole suite's load that
    // has been 122 ms at p99 once in CI and 276 ms another time, so their bound is loose.
    expect(result.lateMs.p50).toBeLessThan(20)
    expect(result.lateMs.p99).toBeLessThan(1000)
    // Arrivals are not evenly spaced: some gaps are far shorter than the mean of 5 ms, some far longer.
    const measured = server.received.filter((r) => r.email.startsWith('measured-'))
    const gaps = measured.slice(1).map((r, i) => r.at - (measured[i]?.at ?? r.at))
    expect(gaps.filter((gap) => gap < 1).length).toBeGreaterThan(15)
    expect(gaps.filter((gap) => gap > 12).length).toBeGreaterThan(15)
  })

  it("counts a booking's wait for a free connection in its latency", async () => {
    // 20 ms a booking and 100 offered a second: the server can answer only half of them in time, so the
    // queue grows through the run. Measured from the send, every answer would take about 2 × 20 ms
    // (two connections); measured from the time it was due, the last ones wait for the whole queue.
    const server = await intakeLike(20)
    cleanup.push(server.close)
    const result = await offerBookings({
      url: server.url,
      rate: 100,
      count: 100,
      warmup: 0,
      connections: 2,
      senders: 1,
      prefix: 'queued',
      seed: 2,
      resultFile: resultFile(),
    })

    expect(result.answered).toBe(100)
    expect(result.latencyMs.p99).toBeGreaterThan(500)
    expect(result.latencyMs.max).toBeGreaterThanOrEqual(result.latencyMs.p99)
    // The generator itself sent the bookings on time; the wait was the server's. A queue counted as
    // lateness would put the median over 200 ms and the worst over 500 ms, as the latency is; a loaded
    // CI machine can delay the worst few by a few hundred milliseconds, so that bound is loose.
    expect(result.lateMs.p50).toBeLessThan(20)
    expect(result.lateMs.p99).toBeLessThan(1000)
  })
})
