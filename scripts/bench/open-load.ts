// Bookings offered at a rate, as independent senders make them (an open model): the intake
// benchmark's rate run (scripts/bench/intake.ts) starts this in a process of its own.
//
//   node scripts/bench/open-load.ts '<json: OpenLoadOptions>'
//
// Arrivals are a Poisson process (the gaps between two bookings exponential, from a seeded generator,
// so every run offers the same schedule): many senders, each deciding on their own when to book. A
// booking is sent at its time whatever happened to the ones before it; when every connection is
// waiting for an answer, it waits for a free one, and that wait counts in its latency, which runs
// from the time it was due to its answer's last byte. (autocannon's `overallRate`, used before,
// lets each connection send its share of a second back to back and then pause until the next
// second, which is a burst of the whole second's bookings, and fills its histogram with synthetic
// samples at a 1 ms interval.)
//
// The first `warmup` bookings warm the server and the connections up and are not measured. The
// result goes to `resultFile` as JSON (OpenLoadResult); `lateMs` says how late the generator itself
// sent bookings (its timer's lag), so a reader sees it kept to the schedule.
import fs from 'node:fs'
import http from 'node:http'
import { bookingFactory, clientAddress } from './intake-bookings.ts'

export type OpenLoadOptions = {
  url: string
  /** Bookings offered a second (the mean of the Poisson process). */
  rate: number
  /** Bookings measured, after the warm-up. */
  count: number
  warmup: number
  /** Connections at most (keep-alive); bookings due while all are busy wait for one. */
  connections: number
  /** Booking n comes from client address n modulo senders (X-Forwarded-For). */
  senders: number
  /** Makes the measured bookings' e-mail addresses unique to the run, so their stored rows can be
   * matched (the warm-up's are `warm-<prefix>-…`). */
  prefix: string
  seed: number
  resultFile: string
}

export type OpenLoadResult = {
  offeredPerSecond: number
  /** From the first measured booking's due time to the last measured answer. */
  seconds: number
  answered: number
  latencyMs: { p50: number; p90: number; p99: number; max: number }
  lateMs: { p50: number; p99: number; max: number }
  statuses: Record<string, number>
  errors: number
  /** The booking ids of the measured 2xx answers. */
  acknowledged: string[]
}

/** mulberry32: a small seeded generator of uniform numbers in [0, 1). */
function uniform(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The value below which a `share` of the sorted values lies (nearest rank). */
function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length)))
  return sorted[rank - 1] ?? 0
}

const round = (ms: number) => Math.round(ms * 100) / 100

export async function offerBookings(options: OpenLoadOptions): Promise<OpenLoadResult> {
  const target = new URL('/api/process-form', options.url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections })
  const nextWarmUp = bookingFactory(`warm-${options.prefix}`)
  const nextMeasured = bookingFactory(options.prefix)
  const random = uniform(options.seed)
  const total = options.warmup + options.count

  // The schedule: due times in ms from the start, exponential gaps of mean 1000 / rate.
  const due: number[] = []
  let at = 0
  for (let i = 0; i < total; i++) {
    at += (-Math.log(1 - random()) * 1000) / options.rate
    due.push(at)
  }

  const latencies: number[] = []
  const late: number[] = []
  const statuses: Record<string, number> = {}
  const acknowledged: string[] = []
  let errors = 0
  let lastAnswer = 0
  let settled = 0
  const start = performance.now() + 20
  const measuredFrom = start + (due[options.warmup] ?? 0)

  const done = new Promise<void>((resolve) => {
    const send = (i: number) => {
      const dueAt = start + (due[i] ?? 0)
      const measured = i >= options.warmup
      if (measured) late.push(performance.now() - dueAt)
      const body = measured ? nextMeasured() : nextWarmUp()
      const finish = () => {
        if (++settled === total) resolve()
      }
      const request = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-forwarded-for': clientAddress(i % options.senders),
          },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const now = performance.now()
            if (measured) {
              latencies.push(now - dueAt)
              lastAnswer = Math.max(lastAnswer, now)
              const status = response.statusCode ?? 0
              statuses[status] = (statuses[status] ?? 0) + 1
              if (status >= 200 && status < 300) {
                acknowledged.push(JSON.parse(Buffer.concat(chunks).toString('utf8')).data.booking.id)
              }
            }
            finish()
          })
        },
      )
      request.setTimeout(30_000, () => request.destroy(new Error('no answer within 30 s')))
      request.on('error', () => {
        if (measured) errors++
        finish()
      })
      request.end(body)
    }

    // Every booking whose time has come is sent; then the timer waits for the next one's.
    let i = 0
    const tick = () => {
      const now = performance.now()
      while (i < total && start + (due[i] ?? 0) <= now) send(i++)
      if (i < total) setTimeout(tick, Math.max(0, start + (due[i] ?? 0) - performance.now()))
    }
    setTimeout(tick, Math.max(0, start - performance.now()))
  })
  await done
  agent.destroy()

  latencies.sort((a, b) => a - b)
  late.sort((a, b) => a - b)
  return {
    offeredPerSecond: options.rate,
    seconds: lastAnswer > measuredFrom ? round((lastAnswer - measuredFrom) / 1000) : 0,
    answered: latencies.length,
    latencyMs: {
      p50: round(percentile(latencies, 0.5)),
      p90: round(percentile(latencies, 0.9)),
      p99: round(percentile(latencies, 0.99)),
      max: round(latencies.at(-1) ?? 0),
    },
    lateMs: { p50: round(percentile(late, 0.5)), p99: round(percentile(late, 0.99)), max: round(late.at(-1) ?? 0) },
    statuses,
    errors,
    acknowledged,
  }
}

if (import.meta.main) {
  const options = JSON.parse(process.argv[2] ?? '{}') as OpenLoadOptions
  const result = await offerBookings(options)
  fs.writeFileSync(options.resultFile, JSON.stringify(result))
}
