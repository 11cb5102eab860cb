import { nextScheduledPublication } from '../blog/blog.server.ts'
import type { Db } from '../db/client.server.ts'
import type { PageScope } from './page-cache.server.ts'

/**
 * The longest a page is kept without a change being announced. Nothing should need it (every
 * change announces itself, and the listener's heartbeat watches the announcements' path), so it
 * is a bound on the damage of a mistake, not a freshness setting: a render an hour is nothing.
 */
export const maxPageAgeMs = 60 * 60 * 1000

/**
 * Until when a page rendered `now` stays right without any write: the footer's year turns at New
 * Year (server time), and a blog page changes when the next scheduled post goes public.
 */
export async function pageExpiry(db: Db, scope: PageScope, now = new Date()): Promise<number> {
  let until = Math.min(now.getTime() + maxPageAgeMs, new Date(now.getFullYear() + 1, 0, 1).getTime())
  if (scope === 'blog') {
    const next = await nextScheduledPublication(db, now)
    if (next) until = Math.min(until, next.getTime())
  }
  return until
}
