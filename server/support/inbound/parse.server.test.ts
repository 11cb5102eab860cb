import { describe, expect, it } from 'vitest'
import { senderCheck } from './authentication.server.ts'
import { messageIdOf, parseInbound, replyTokensOf, subjectTicketNumber } from './parse.server.ts'

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'))

describe('parsing an incoming message', () => {
  it('reads who, what, the thread and the reply part', async () => {
    const parsed = await parseInbound(
      crlf([
        'From: Ann Client <Ann@Client.test>',
        'To: "Ramapo IT" <support+abcdefghijklmnopqrstuvwxyz234567@ramapo.test>',
        'Subject: RE: [#T-000123] Printer',
        'Message-ID: <reply-1@client.test>',
        'In-Reply-To: <ticket-x@ramapo.test>',
        'References: <ticket-a@ramapo.test> <ticket-x@ramapo.test>',
        'Authentication-Results: mx.ramapo.test; spf=pass smtp.mailfrom=client.test; dkim=pass header.d=client.test; dmarc=pass header.from=client.test',
        '',
        'Works now.',
        '',
        'On Mon, Ramapo IT wrote:',
        '> restart it',
      ]),
    )
    expect(parsed).toMatchObject({
      messageId: '<reply-1@client.test>',
      fromAddress: 'ann@client.test',
      fromName: 'Ann Client',
      subject: 'RE: [#T-000123] Printer',
      thread: ['<ticket-x@ramapo.test>', '<ticket-a@ramapo.test>'],
      body: 'Works now.',
      automatic: undefined,
      senderCheck: 'pass',
    })
    expect(replyTokensOf(parsed.recipients)).toEqual(['abcdefghijklmnopqrstuvwxyz234567'])
    expect(subjectTicketNumber(parsed.subject)).toBe(123)
  })

  it('turns HTML-only mail into text and keeps attachments', async () => {
    const parsed = await parseInbound(
      crlf([
        'From: bob@client.test',
        'Subject: Screen',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>The <b>screen</b> flickers.</p><blockquote>old</blockquote>',
        '--b',
        'Content-Type: text/plain; name="log.txt"',
        'Content-Disposition: attachment; filename="log.txt"',
        '',
        'line one',
        '--b--',
        '',
      ]),
    )
    expect(parsed.body).toBe('The screen flickers.')
    expect(parsed.attachments).toHaveLength(1)
    expect(parsed.attachments[0]?.fileName).toBe('log.txt')
    expect(parsed.attachments[0]?.content.toString()).toContain('line one')
    expect(parsed.messageId).toMatch(/^<sha256-[0-9a-f]{64}@no-message-id\.invalid>$/)
  })

  it.each([
    ['Auto-Submitted: auto-replied', 'Subject: Printer', 'Auto-reply (Auto-Submitted: auto-replied)'],
    ['Precedence: bulk', 'Subject: News', 'Auto-reply (Precedence: bulk)'],
    ['X-Autoreply: yes', 'Subject: Printer', 'Auto-reply (X-Autoreply)'],
    ['X-Mailer: Outlook', 'Subject: Out of Office: Printer', 'Auto-reply (out of office)'],
    ['X-Mailer: Outlook', 'Subject: Automatic reply: [#T-000001] Printer', 'Auto-reply (out of office)'],
    ['Return-Path: <>', 'Subject: Printer', 'Bounce (empty Return-Path)'],
    [
      'Content-Type: multipart/report; report-type=delivery-status; boundary=x',
      'Subject: Hi',
      'Bounce (a delivery report)',
    ],
  ])('knows an automatic message by %s / %s', async (header, subject, reason) => {
    const parsed = await parseInbound(crlf(['From: someone@client.test', header, subject, '', 'text']))
    expect(parsed.automatic).toBe(reason)
  })

  it('knows a bounce by its sender, and lets Auto-Submitted: no through', async () => {
    expect((await parseInbound(crlf(['From: MAILER-DAEMON@mx.test', 'Subject: x', '', 't']))).automatic).toMatch(
      /^Bounce/,
    )
    expect(
      (await parseInbound(crlf(['From: a@client.test', 'Auto-Submitted: no', 'Subject: x', '', 't']))).automatic,
    ).toBeUndefined()
  })

  it('makes the same Message-ID of the same bytes', () => {
    const raw = Buffer.from('Subject: x\r\n\r\nbody')
    expect(messageIdOf(undefined, raw)).toBe(messageIdOf(undefined, Buffer.from(raw)))
    expect(messageIdOf(' <a@b> ', raw)).toBe('<a@b>')
  })
})

describe('the sender check from Authentication-Results', () => {
  const from = 'ann@client.test'
  it.each([
    [['mx; dmarc=pass header.from=client.test'], 'pass'],
    [['mx; dmarc=fail (p=reject) header.from=client.test'], 'fail'],
    [['mx; spf=fail smtp.mailfrom=client.test; dkim=none'], 'fail'],
    [['mx; spf=softfail smtp.mailfrom=ann@client.test; dkim=pass header.d=client.test'], 'pass'],
    [['mx; dkim=pass header.d=attacker.test; spf=pass smtp.mailfrom=attacker.test'], 'none'],
    [['mx; dkim=fail header.d=client.test', 'evil; dmarc=pass header.from=client.test'], 'fail'],
    [undefined, 'none'],
  ])('%j → %s', (headers, expected) => {
    expect(senderCheck(headers, from).check).toBe(expected)
  })
})
