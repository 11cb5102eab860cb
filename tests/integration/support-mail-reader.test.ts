// The support mailbox's reader against a real IMAP server (Dovecot) and the real database: every
// message is stored raw before it is marked done in the mailbox, once per Message-ID, and a reader
// stopped between the two steps leaves nothing done twice (docs/support.md#e-mail).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imapSettingsOf } from '../../server/config.server.ts'
import { supportInboundMessages } from '../../server/db/schema/index.server.ts'
import { imapClient, readNewMessages, startMailboxReader } from '../../server/support/inbound/reader.server.ts'
import { startDovecot, type TestDovecot } from '../setup/dovecot.ts'
import { onPostgres, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

let database: TestDatabase
let dovecot: TestDovecot

// A migrated database and a Dovecot: minutes on a loaded machine, not a hang.
beforeAll(async () => {
  ;[database, dovecot] = await Promise.all([openTestDatabase(), startDovecot({ users: ['support'] })])
}, 180_000)
afterAll(async () => {
  await dovecot?.stop()
  await database?.cleanup()
})

function message(id: string, subject = 'Printer is down'): string {
  return [
    'From: Ann Client <ann@client.test>',
    'To: support@ramapo.test',
    `Subject: ${subject}`,
    `Message-ID: <${id}@client.test>`,
    'Date: Fri, 27 Nov 2026 08:00:00 +0000',
    '',
    'The printer on the second floor prints blank pages.',
    '',
  ].join('\r\n')
}

async function storedRows(id: string) {
  return database.db
    .select()
    .from(supportInboundMessages)
    .where(eq(supportInboundMessages.messageId, `<${id}@client.test>`))
}

async function readOnce(hooks = {}) {
  const settings = imapSettingsOf(dovecot.imapUrl('support'))
  if (!settings) throw new Error('bad test IMAP URL')
  const client = imapClient(settings)
  await client.connect()
  try {
    const lock = await client.getMailboxLock('INBOX')
    try {
      return await readNewMessages(client, database, hooks)
    } finally {
      lock.release()
    }
  } finally {
    await client.logout().catch(() => undefined)
  }
}

describe('reading the support mailbox', () => {
  it('stores a message raw, then marks it done in the mailbox', async () => {
    const raw = message('first')
    await dovecot.append('support', raw)
    expect(await readOnce()).toEqual({ read: 1, stored: 1, alreadyStored: 0 })
    const [row] = await storedRows('first')
    expect(row?.state).toBe('stored')
    expect(row?.raw.toString()).toBe(raw)
    const inMailbox = (await dovecot.list('support')).find((m) => m.messageId === '<first@client.test>')
    expect(inMailbox?.flags.has('\\Seen')).toBe(true)
    // Nothing left to read.
    expect(await readOnce()).toEqual({ read: 0, stored: 0, alreadyStored: 0 })
  })

  it('stores a message that arrives twice (the same Message-ID) once', async () => {
    await dovecot.append('support', message('twice'))
    await dovecot.append('support', message('twice'))
    expect(await readOnce()).toEqual({ read: 2, stored: 1, alreadyStored: 1 })
    expect(await storedRows('twice')).toHaveLength(1)
    expect((await dovecot.list('support')).every((m) => m.flags.has('\\Seen'))).toBe(true)
  })

  it('a reader stopped between storing and marking done re-reads the message and stores nothing twice', async () => {
    await dovecot.append('support', message('crash'))
    await expect(
      readOnce({
        afterStore: () => {
          throw new Error('the server was killed here')
        },
      }),
    ).rejects.toThrow('killed')
    expect(await storedRows('crash')).toHaveLength(1)
    const before = (await dovecot.list('support')).find((m) => m.messageId === '<crash@client.test>')
    expect(before?.flags.has('\\Seen')).toBe(false)

    expect(await readOnce()).toEqual({ read: 1, stored: 0, alreadyStored: 1 })
    expect(await storedRows('crash')).toHaveLength(1)
    const after = (await dovecot.list('support')).find((m) => m.messageId === '<crash@client.test>')
    expect(after?.flags.has('\\Seen')).toBe(true)
  })

  it('the running reader sees new mail through IDLE and processes after each turn', async () => {
    const settings = imapSettingsOf(dovecot.imapUrl('support'))
    if (!settings) throw new Error('bad test IMAP URL')
    let processed = 0
    // An hour between polls: only the server's notice (IDLE) can bring the message in time.
    const reader = startMailboxReader({
      settings,
      database,
      log: silentLogger(),
      process: async () => {
        processed++
      },
      pollMs: 3_600_000,
    })
    try {
      await reader.caughtUp()
      const turns = processed
      await dovecot.append('support', message('idle'))
      await waitFor('the reader to store the new message', async () => (await storedRows('idle')).length === 1)
      await waitFor('the reader to process after that turn', () => processed > turns)
    } finally {
      await reader.stop()
    }
  })
})

onPostgres.describe('one reading process on PostgreSQL', () => {
  it('a second reader waits while the first holds the lock, and takes over when it stops', async () => {
    const settings = imapSettingsOf(dovecot.imapUrl('support'))
    if (!settings) throw new Error('bad test IMAP URL')
    const options = {
      settings,
      database,
      log: silentLogger(),
      process: async () => {},
      pollMs: 3_600_000,
      lockRetryMs: 100,
    }
    const first = startMailboxReader(options)
    let second: ReturnType<typeof startMailboxReader> | undefined
    try {
      await first.caughtUp()
      expect(first.state()).toBe('reading')
      second = startMailboxReader(options)
      const waiting = second
      await waitFor('the second reader to find the lock taken', () => waiting.state() === 'waiting')
      expect(first.state()).toBe('reading')
      await first.stop()
      await waitFor('the second reader to take over', () => waiting.state() === 'reading')
      await dovecot.append('support', message('after-takeover'))
      await waitFor(
        'the second reader to store new mail',
        async () => (await storedRows('after-takeover')).length === 1,
      )
    } finally {
      await first.stop()
      await second?.stop()
    }
  })
})
