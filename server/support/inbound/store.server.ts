import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server.ts'
import { supportInboundMessages } from '../../db/schema/index.server.ts'
import { messageIdOf } from './parse.server.ts'

/** The largest message kept: the attachments' 25 MB a message, base64-encoded, and the text around them. */
export const maxRawBytes = 36 * 1024 * 1024

/**
 * Keeps a message exactly as it arrived, before anything else is done with it (docs/support.md#e-mail).
 * One row per Message-ID: storing a message again (read twice, or re-read after a crash before it
 * was marked done in the mailbox) changes nothing and says so.
 */
export async function storeRawMessage(db: Db, raw: Buffer): Promise<{ messageId: string; stored: boolean }> {
  const messageId = messageIdOf(headerValue(raw, 'message-id'), raw)
  const tooLarge = raw.length > maxRawBytes
  const rows = await db
    .insert(supportInboundMessages)
    .values({
      messageId,
      // A message too large is still kept as its header (never lost), and waits for staff.
      raw: tooLarge ? raw.subarray(0, headerEnd(raw)) : raw,
      state: tooLarge ? 'triaged' : 'stored',
      reason: tooLarge ? `Too large (${Math.round(raw.length / 1024 / 1024)} MB): only its header was kept` : null,
    })
    .onConflictDoNothing({ target: supportInboundMessages.messageId })
    .returning({ id: supportInboundMessages.id })
  return { messageId, stored: rows.length > 0 }
}

/** How many messages wait to be processed. */
export async function storedCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportInboundMessages)
    .where(sql`${supportInboundMessages.state} = 'stored'`)
  return row?.n ?? 0
}

function headerEnd(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n')
  const lf = raw.indexOf('\n\n')
  const ends = [crlf >= 0 ? crlf + 4 : -1, lf >= 0 ? lf + 2 : -1].filter((n) => n >= 0)
  return ends.length > 0 ? Math.min(...ends) : Math.min(raw.length, 64 * 1024)
}

/** One header's value from the raw header section (unfolded), without parsing the whole message. */
function headerValue(raw: Buffer, name: string): string | undefined {
  const head = raw.subarray(0, Math.min(headerEnd(raw), 256 * 1024)).toString('latin1')
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const pattern = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im')
  return unfolded.match(pattern)?.[1]?.trim()
}
