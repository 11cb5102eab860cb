/**
 * Runs `tasks` with at most `limit` under way at once, starting the next as soon as one ends, and
 * answers their results in the tasks' order. The suites' probes are independent requests: a few
 * side by side keep the server busy while the answers travel, without crowding a machine the
 * other suites share (4 by default). A test that sends a matrix this way takes a longer bound than
 * the suite's 60 s: on a machine busy with other suites a thousand requests can take more.
 */
export async function inPool<T>(tasks: ReadonlyArray<() => Promise<T>>, limit = 4): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await (tasks[index] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return results
}
