import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDovecot, type TestDovecot } from '../setup/dovecot.ts'

describe('the throwaway Dovecot of the support mailbox tests', () => {
  let dovecot: TestDovecot
  beforeAll(async () => {
    dovecot = await startDovecot({ users: ['support', 'other'] })
  })
  afterAll(async () => {
    await dovecot?.stop()
  })

  it('takes appended messages into one user’s mailbox and offers IDLE', async () => {
    const uid = await dovecot.append(
      'support',
      'From: a@example.test\r\nSubject: Hello\r\nMessage-ID: <one@example.test>\r\n\r\nHi\r\n',
    )
    expect(uid).toBeGreaterThan(0)
    expect((await dovecot.list('support')).map((m) => m.messageId)).toEqual(['<one@example.test>'])
    expect(await dovecot.list('other')).toEqual([])
    const client = await dovecot.client('support')
    try {
      expect(client.capabilities.has('IDLE')).toBe(true)
    } finally {
      await client.logout()
    }
  })

  it('refuses a wrong password', async () => {
    const url = new URL(dovecot.imapUrl('support'))
    const { ImapFlow } = await import('imapflow')
    const client = new ImapFlow({
      host: url.hostname,
      port: Number(url.port),
      secure: false,
      auth: { user: 'support', pass: 'wrong' },
      logger: false,
    })
    await expect(client.connect()).rejects.toThrow()
  })
})
