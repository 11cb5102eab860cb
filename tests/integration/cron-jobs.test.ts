import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows, sql } from '../../server/db/client.server.ts'
import { type CronJob, startCronJobs } from '../../server/db/pg-boss.server.ts'
import { onPostgres, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

// One database for the file: opening and migrating one takes seconds.
let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.cleanup()
})

/** A job without a schedule that counts its runs (run only when asked, as tests and operators do). */
function countingJob(queue: string): { job: CronJob; runs: () => number } {
  let runs = 0
  return {
    job: {
      queue,
      cron: null,
      retry: { retryLimit: 0, retryDelay: 1, expireInSeconds: 60 },
      run: async () => {
        runs++
        return { runs }
      },
    },
    runs: () => runs,
  }
}

const start = (jobs: CronJob[]) =>
  startCronJobs({ database, log: silentLogger(), jobs, pollingIntervalSeconds: 0.5, stopTimeoutMs: 5_000 })

describe('scheduled jobs of several subsystems in one process', () => {
  it('keep working after another subsystem stops its jobs, and stop with their own', async () => {
    const first = countingJob('cron-test-first')
    const second = countingJob('cron-test-second')
    const firstJobs = await start([first.job])
    const secondJobs = await start([second.job])
    try {
      await firstJobs.runNow()
      await secondJobs.runNow()
      await waitFor('both subsystems’ runs', () => first.runs() === 1 && second.runs() === 1)

      await firstJobs.stop()
      await secondJobs.runNow()
      await waitFor('the second subsystem’s run after the first stopped', () => second.runs() === 2)
    } finally {
      await firstJobs.stop()
      await secondJobs.stop()
    }
    // Both stopped, the instance with them: a later start in the same process starts a new one.
    const again = await start([second.job])
    try {
      await again.runNow()
      await waitFor('a run after a new start', () => second.runs() === 3)
    } finally {
      await again.stop()
    }
  })

  onPostgres.it('share one pool of two connections, where an instance each held two', async () => {
    const jobs = await Promise.all(
      ['cron-test-a', 'cron-test-b', 'cron-test-c'].map(async (queue) => {
        const counted = countingJob(queue)
        const started = await start([counted.job])
        await started.runNow()
        return { started, counted }
      }),
    )
    try {
      await waitFor('every subsystem’s run', () => jobs.every(({ counted }) => counted.runs() === 1))
      const [row] = await selectRows<{ connections: number }>(
        database.db,
        sql`select count(*)::int as connections from pg_stat_activity
            where datname = current_database() and application_name = 'pgboss'`,
      )
      expect(row?.connections).toBeGreaterThan(0)
      expect(row?.connections).toBeLessThanOrEqual(2)
    } finally {
      for (const { started } of jobs) await started.stop()
    }
  })
})
