import { asc, eq, inArray } from 'drizzle-orm'
import { redirect } from 'react-router'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { type Redirect, redirects } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'

/**
 * Old addresses of town pages and blog posts. When a slug changes, the old address answers 301 to
 * the new one, so links and search results keep working. Stored collapsed (every redirect is one
 * hop; the database refuses chains and loops, migration 0012). Looked up only when an address has
 * no page (the town and post loaders' miss path), so the cached public pages never pay for it.
 */

/** Where `path` now lives, or null. One indexed read. */
export async function findRedirect(db: Db, path: string): Promise<string | null> {
  if (path.length > 250) return null
  const [row] = await db
    .select({ toPath: redirects.toPath })
    .from(redirects)
    .where(eq(redirects.fromPath, path))
    .limit(1)
  return row?.toPath ?? null
}

const redirectablePath = /^\/(?:blog\/)?[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * The answer for an address without a page (the miss path of the town and post loaders): a 301 to
 * where its page moved, or the redirect to /404 the site has always given. A malformed address and
 * a failing database go to /404 without more ado.
 */
export async function missingPage(db: Db, path: string, log: Logger): Promise<Response> {
  if (!redirectablePath.test(path)) return redirect('/404')
  try {
    const moved = await findRedirect(db, path)
    if (moved) return redirect(moved, 301)
  } catch (error) {
    log.warn({ err: error, path }, 'redirect lookup failed; sending the visitor to /404')
  }
  return redirect('/404')
}

/**
 * Sends `from` to `to`, with the transaction that moves the page:
 * - `to` has a page now, so an old redirect away from it is dropped (the live page wins);
 * - redirects that pointed at `from` now point at `to` (chains collapsed: one hop, always);
 * - `from` → `to` is added (replacing an older redirect from `from`).
 * A redirect that would come back to where it starts is refused (an 'invalid' DomainError).
 */
export async function moveAddress(tx: Db, from: string, to: string): Promise<void> {
  if (from === to) return
  await releaseAddress(tx, to)
  await tx.delete(redirects).where(eq(redirects.fromPath, from))
  await tx.update(redirects).set({ toPath: to }).where(eq(redirects.toPath, from))
  await tx.insert(redirects).values({ fromPath: from, toPath: to })
}

/**
 * Adds a redirect without a page moving (the import of old addresses, tests): a target that is
 * itself an old address is followed to its end; one that leads back to `from` is refused.
 */
export async function addRedirect(tx: Db, from: string, to: string): Promise<void> {
  let target = to
  for (let hops = 0; hops < 2; hops += 1) {
    const next = await findRedirect(tx, target)
    if (!next) break
    target = next
  }
  if (target === from) {
    throw new DomainError('invalid', `A redirect from ${from} to ${to} would lead back to ${from}.`)
  }
  await tx.delete(redirects).where(eq(redirects.fromPath, from))
  await tx.update(redirects).set({ toPath: target }).where(eq(redirects.toPath, from))
  await tx.insert(redirects).values({ fromPath: from, toPath: target })
}

/** `path` has a page now: an old redirect away from it would never be reached again. */
export async function releaseAddress(tx: Db, path: string): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.fromPath, path))
}

/** `paths` have pages now (an import's new towns): the same as releaseAddress for each, in one statement. */
export async function releaseAddresses(tx: Db, paths: string[]): Promise<void> {
  if (paths.length > 0) await tx.delete(redirects).where(inArray(redirects.fromPath, paths))
}

/** A page is gone: old addresses that led to it would only lead to a missing page. */
export async function dropRedirectsTo(tx: Db, paths: string[]): Promise<void> {
  if (paths.length > 0) await tx.delete(redirects).where(inArray(redirects.toPath, paths))
}

/** Every redirect, by old address. */
export async function listRedirects(db: Db): Promise<Redirect[]> {
  return db.select().from(redirects).orderBy(asc(redirects.fromPath))
}

/** Removes one redirect (admins, /admin/redirects): its old address answers 404 again. */
export async function removeRedirect(db: Db, actor: AuditActor, id: string): Promise<Redirect | null> {
  if (!isUuid(id)) return null
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning()
    if (!row) return null
    await recordAudit(tx, actor, {
      action: 'redirect.delete',
      subjectId: row.id,
      details: { fromPath: row.fromPath, toPath: row.toPath },
    })
    return row
  })
}
