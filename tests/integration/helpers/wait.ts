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
