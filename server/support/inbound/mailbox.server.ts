import type { Config } from '../../config.server.ts'
import type { Database } from '../../db/client.server.ts'
import type { Logger } from '../../log.server.ts'
import type { Outbox } from '../../mail/outbox.server.ts'
import { processStoredMessages } from './process.server.ts'
import type { MailboxReader } from './reader.server.ts'

/**
 * The support mailbox of IMAP_URL read for as long as the server runs (docs/support.md#e-mail):
 * undefined when IMAP_URL is not set. Started after listen with the scheduled jobs; on PostgreSQL
 * one process of all reads it (the reader's advisory lock). The reader and imapflow (~700 KB of code
 * with its MIME and proxy packages) load here, only where IMAP_URL is set (docs/perf/boot.md).
 */
export async function startSupportMailbox(deps: {
  config: Config
  database: Database
  outbox: Outbox
  log: Logger
}): Promise<MailboxReader | undefined> {
  const { config, database, outbox } = deps
  if (!config.imap) return undefined
  const { startMailboxReader } = await import('./reader.server.ts')
  const log = deps.log.child({ part: 'support-mailbox' })
  const supportDeps = {
    db: database.db,
    outbox,
    mail: { address: config.supportMailAddress, publicUrl: config.publicUrl },
    log,
  }
  log.info(
    { host: config.imap.host, mailbox: config.imap.mailbox, auth: config.imap.oauth2 ? 'oauth2' : 'password' },
    'reading the support mailbox',
  )
  return startMailboxReader({
    settings: config.imap,
    database,
    log,
    process: async () => {
      const counts = await processStoredMessages(supportDeps)
      const done = Object.entries(counts).filter(([, n]) => n > 0)
      if (done.length > 0) log.info(Object.fromEntries(done), 'support mail processed')
    },
  })
}
