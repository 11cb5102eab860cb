import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { collectWhenIdle, type IdleCollection } from './idle-collection.server.ts'

const quietMs = 40
let running: IdleCollection | undefined
afterEach(() => running?.stop())

function start() {
  const calls: NodeJS.GCOptions[] = []
  const collected: number[] = []
  running = collectWhenIdle({
    quietMs,
    gc: ((options: NodeJS.GCOptions) => void calls.push(options)) as NodeJS.GCFunction,
    onCollect: () => collected.push(performance.now()),
  })
  return { idle: running, calls, collected }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('collecting once the server is quiet after work', () => {
  it('does nothing while nothing happened', async () => {
    const { calls } = start()
    await wait(quietMs * 5)
    expect(calls).toEqual([])
  })

  it('collects once after a quiet spell that followed work, as a full collection that reduces memory', async () => {
    const { idle, calls } = start()
    idle.busy()
    await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: quietMs * 20, interval: 5 })
    expect(calls[0]).toEqual({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    await wait(quietMs * 4)
    expect(calls).toHaveLength(1)
    idle.busy()
    await vi.waitFor(() => expect(calls).toHaveLength(2), { timeout: quietMs * 20, interval: 5 })
  })

  it('waits while work goes on', async () => {
    const { idle, calls } = start()
    const until = performance.now() + quietMs * 5
    while (performance.now() < until) {
      idle.busy()
      await wait(quietMs / 4)
    }
    expect(calls).toEqual([])
    await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: quietMs * 20, interval: 5 })
  })

  it("counts a thread's exit as work: its memory is released by the next collection", async () => {
    const { calls } = start()
    const worker = new Worker('1', { eval: true })
    await new Promise((resolve) => worker.once('exit', resolve))
    await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: quietMs * 20, interval: 5 })
  })

  it('does nothing when Node was started without --expose-gc (no timer, no listener)', () => {
    const listeners = process.listenerCount('worker')
    const idle = collectWhenIdle({ quietMs, gc: undefined })
    expect(process.listenerCount('worker')).toBe(listeners)
    idle.busy()
    idle.stop()
    const withGc = collectWhenIdle({ quietMs, gc: (() => undefined) as unknown as NodeJS.GCFunction })
    expect(process.listenerCount('worker')).toBe(listeners + 1)
    withGc.stop()
    expect(process.listenerCount('worker')).toBe(listeners)
  })
})
