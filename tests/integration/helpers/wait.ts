import type { Outbox } from '../../../server/mail/outbox.server.ts'

/** Polls until the predicate holds; fails with the description after the timeout. */
export async function waitFor(
  description: string,
  predicate: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, intervalMs = 100 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await predicate()) return
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}`)
    await sleep(intervalMs)
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The subject line of the marker messages `outboxCaughtUp` sends (filter them out of what arrived). */
export const markerSubject = 'Marker: the outbox worker has had its turn'

/**
 * Proves "nothing more was sent" without sleeping: queues a marker message now and waits (bounded)
 * until the worker has delivered it and the outbox holds nothing waiting or under way. The worker
 * takes jobs oldest first and settles each batch before the next, so whatever was queued before the
 * marker has been sent (or has failed) by then: a duplicate or a stray message would have arrived.
 */
export async function outboxCaughtUp(
  outbox: Pick<Outbox, 'enqueue' | 'pending'>,
  markersDelivered: () => number,
  { timeoutMs = 20_000 } = {},
): Promise<void> {
  const before = markersDelivered()
  await outbox.enqueue({ to: ['marker@example.test'], subject: markerSubject, text: 'Sent by a test.' })
  await waitFor('the marker message to be delivered', () => markersDelivered() > before, { timeoutMs })
  await waitFor('the outbox to hold nothing waiting', async () => (await outbox.pending()) === 0, { timeoutMs })
}
