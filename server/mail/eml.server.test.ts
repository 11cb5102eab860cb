import fc from 'fast-check'
import MailComposer from 'nodemailer/lib/mail-composer'
import PostalMime from 'postal-mime'
import { describe, expect, it } from 'vitest'
import type { BookingRequest } from '../../app/features/booking/schema.ts'
import { parseMessage } from '../../tests/integration/helpers/mail.ts'
import { confirmationMail, notificationMail } from '../booking/mail.server.ts'
import { composePlainEml, quotedPrintable, rfc5322Date, subjectHeader } from './eml.server.ts'

const FROM = 'Ramapo IT Services <info@ramapoit.com>'
const DATE = new Date('2026-11-22T04:11:40.123Z')

/** What a reader of the message sees, as a real MIME parser reads it. */
async function read(raw: string | Buffer) {
  const email = await PostalMime.parse(raw)
  return {
    from: email.from,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    messageId: email.messageId,
    date: email.date,
    // One line end closes every body: a text and the same text with a final line break read the same.
    text: (email.text ?? '').replace(/\r\n/g, '\n').replace(/\n$/, ''),
  }
}

function nodemailerEml(mail: { to: string[]; subject: string; text: string; replyTo?: string; messageId: string }) {
  const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n')
  const composer = new MailComposer({
    from: FROM,
    to: mail.to,
    subject: mail.subject,
    text: crlf(mail.text),
    ...(mail.replyTo !== undefined ? { replyTo: mail.replyTo } : {}),
    messageId: mail.messageId,
    date: DATE,
  })
  return new Promise<Buffer>((resolve, reject) =>
    composer.compile().build((error, message) => (error ? reject(error) : resolve(message))),
  )
}

function expectWellFormed(raw: string) {
  // 7-bit, CRLF only, lines within the limits (78 for headers, 76 for a quoted-printable body).
  expect(raw).toMatch(/^[\t\r\n\x20-\x7e]*$/)
  expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2)
  for (const line of head.split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(78)
  if (/Content-Transfer-Encoding: quoted-printable/.test(head)) {
    for (const line of body.split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(76)
  }
}

const booking = (overrides: Partial<BookingRequest> = {}) =>
  ({
    formType: 'consultation',
    firstName: 'Jörg',
    lastName: 'Müller-Łukasiewicz',
    email: 'jorg@example.com',
    phone: '(845) 555-0100',
    company: 'Rivera Accounting & Söhne',
    employees: 12,
    services: ['Managed IT Services', 'Cybersecurity'],
    plan: 'Full Help Desk ($100/user/mo)',
    message: `Two offices, one shared printer = trouble. ${'Very long line of text '.repeat(8)}\nZweite Zeile: 日本語 🙂  `,
    timestamp: '2026-11-22T04:00:00.000Z',
    source: 'https://www.example.com/book',
    ...overrides,
  }) as BookingRequest

describe('composePlainEml', () => {
  it('writes both booking e-mails itself, and a MIME parser reads back what nodemailer would have said', async () => {
    const forMail = {
      id: '1a2b3c4d-0000-4000-8000-000000000000',
      request: booking(),
      name: 'Jörg Müller-Łukasiewicz',
      receivedAt: DATE,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    }
    for (const message of [
      notificationMail(forMail, 'office@ramapoit.com'),
      confirmationMail(forMail, 'https://www.example.com'),
    ]) {
      const mail = { ...message, messageId: '<1a2b3c4d@outbox.ramapo-it>' }
      const raw = composePlainEml({ from: FROM, ...mail, date: DATE })
      expect(raw, message.subject).toBeDefined()
      expectWellFormed(raw ?? '')
      const ours = await read(raw ?? '')
      expect(ours).toEqual(await read(await nodemailerEml(mail)))
      expect(ours.subject).toBe(message.subject)
      expect(ours.text).toBe(message.text.replace(/\n$/, ''))
      expect(ours.to).toEqual([{ address: message.to[0], name: '' }])
      expect(ours.from).toEqual({ address: 'info@ramapoit.com', name: 'Ramapo IT Services' })
      expect(ours.messageId).toBe('<1a2b3c4d@outbox.ramapo-it>')
      expect(ours.date).toBe(DATE.toISOString().replace('.123', '.000'))
    }
  })

  it("reads back plainly with the tests' own minimal reader for an ASCII booking", () => {
    const forMail = {
      id: '1ddf9a65-0000-4000-8000-000000000000',
      request: booking({ firstName: 'Jordan', lastName: 'Rivera', company: 'Rivera Accounting', message: 'Hi.' }),
      name: 'Jordan Rivera',
      receivedAt: DATE,
      userAgent: undefined,
    }
    const message = notificationMail(forMail, 'office@ramapoit.com')
    const parsed = parseMessage(composePlainEml({ from: FROM, ...message, messageId: '<a@b>' }) ?? '')
    expect(parsed.headers.get('subject')).toBe('New consultation request: Jordan Rivera (Rivera Accounting) [1DDF9A65]')
    expect(parsed.headers.get('to')).toBe('office@ramapoit.com')
    expect(parsed.text).toBe(message.text.replace(/\n$/, ''))
  })

  it('reads back the same as nodemailer for any subject and text (property)', async () => {
    const ascii = fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 })
    const unicode = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
    const address = fc.constantFrom('a@example.com', 'first.last+tag@mail.example.org', 'X_Y-1@sub.example.co')
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          to: fc.array(address, { minLength: 1, maxLength: 6 }),
          subject: fc.string({
            unit: fc.oneof(fc.constantFrom('=?', '_', '?', ' ', '=', 'é', '🙂'), ascii, unicode),
            minLength: 1,
            maxLength: 120,
          }),
          text: fc
            .string({
              unit: fc.oneof(fc.constantFrom('\n', '\r\n', ' ', '\t', '=', ' \n', '.'), ascii, unicode),
              minLength: 1,
              maxLength: 400,
            })
            // A lone CR is written as =0D (see below), which readers treat each in their own way.
            .map((text) => text.replace(/\r(?!\n)/g, ''))
            .filter((text) => text !== ''),
          replyTo: fc.option(address, { nil: undefined }),
        }),
        async (mail) => {
          const message = { ...mail, messageId: '<id-1@outbox.ramapo-it>' }
          const raw = composePlainEml({ from: FROM, ...message, date: DATE })
          // A subject with control characters is left to nodemailer; everything else is ours.
          // biome-ignore lint/suspicious/noControlCharactersInRegex: the case under test
          if (/[\x00-\x08\x0a-\x1f\x7f]/.test(mail.subject)) {
            expect(raw).toBeUndefined()
            return
          }
          expect(raw).toBeDefined()
          expectWellFormed(raw ?? '')
          const ours = await read(raw ?? '')
          // (the parser trims a subject, and gives none for one of only spaces)
          expect((ours.subject ?? '').trim()).toBe(mail.subject.trim())
          expect(ours.text).toBe(mail.text.replace(/\r\n/g, '\n').replace(/\n$/, ''))
          // Everything as nodemailer's message reads; the subject up to spaces at its ends (nodemailer
          // writes "=? " as it is, which a reader may trim; ours encodes it).
          const theirs = await read(await nodemailerEml(message))
          const trimmed = (m: typeof ours) => ({ ...m, subject: (m.subject ?? '').trim() })
          expect(trimmed(ours)).toEqual(trimmed(theirs))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('leaves every other message to nodemailer', () => {
    const base = { from: FROM, to: ['a@example.com'], subject: 'Hello', text: 'Hi', messageId: '<x@y>' }
    expect(composePlainEml(base)).toBeDefined()
    expect(composePlainEml({ ...base, html: '<p>Hi</p>' })).toBeUndefined()
    expect(composePlainEml({ ...base, from: '"Smith, Jo" <jo@example.com>' })).toBeUndefined()
    expect(composePlainEml({ ...base, from: 'Zoë <zoe@example.com>' })).toBeUndefined()
    expect(composePlainEml({ ...base, to: ['zoë@exämple.com'] })).toBeUndefined()
    expect(composePlainEml({ ...base, to: ['a@example.com\r\nBcc: b@example.com'] })).toBeUndefined()
    expect(composePlainEml({ ...base, to: [] })).toBeUndefined()
    expect(composePlainEml({ ...base, replyTo: 'x@example.com>\r\nBcc: y@example.com' })).toBeUndefined()
    expect(composePlainEml({ ...base, subject: 'Hi\r\nBcc: b@example.com' })).toBeUndefined()
    expect(composePlainEml({ ...base, messageId: '<x@y>\r\nBcc: b@example.com' })).toBeUndefined()
  })
})

/** The plain reading of RFC 2045 6.7, one character at a time: the oracle for the fast encoder. */
function referenceQuotedPrintable(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      let out = ''
      let width = 0
      const chars = Array.from(line)
      chars.forEach((char, i) => {
        const last = i === chars.length - 1
        let piece = char
        if ((char === ' ' || char === '\t') && last) piece = char === ' ' ? '=20' : '=09'
        else if (char === '=' || !/^[\x20-\x7e\t]$/.test(char)) {
          piece = [...Buffer.from(char, 'utf8')]
            .map((b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`)
            .join('')
        }
        if (width + piece.length > (last ? 76 : 75)) {
          out += '=\r\n'
          width = 0
        }
        out += piece
        width += piece.length
      })
      return out
    })
    .join('\r\n')
}

describe('the pieces', () => {
  it('writes the same quoted-printable as the plain reading of the RFC, for any text (property)', () => {
    const unit = fc.oneof(
      fc.constantFrom('\r\n', ' ', '\t', '=', ' \r\n', 'é', '🙂', '\ud800'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
    )
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 300 }), (text) => {
        expect(quotedPrintable(text)).toBe(referenceQuotedPrintable(text))
      }),
      { numRuns: 2000 },
    )
  })

  it('dates as RFC 5322 says', () => {
    expect(rfc5322Date(DATE)).toBe('Sun, 22 Nov 2026 04:11:40 +0000')
  })

  it('keeps an ASCII subject as it is (folded before a space when long) and encodes the rest', () => {
    expect(subjectHeader('Your free consultation request')).toBe('Subject: Your free consultation request')
    // As nodemailer writes it, and as a reader that unfolds lines reads it back.
    expect(subjectHeader('New consultation request: Jordan Rivera (Rivera Accounting) [1DDF9A65]')).toBe(
      'Subject: New consultation request: Jordan Rivera (Rivera Accounting)\r\n [1DDF9A65]',
    )
    // A word too long for a line of its own is encoded instead.
    expect(subjectHeader(`Long ${'x'.repeat(80)}`)).toMatch(/^Subject: =\?UTF-8\?Q\?Long_x/)
    const encoded = subjectHeader(`Jörg ${'x'.repeat(100)}`) ?? ''
    expect(encoded.startsWith('Subject: =?UTF-8?Q?J=C3=B6rg_x')).toBe(true)
    for (const word of encoded.slice(9).split('\r\n ')) expect(word.length).toBeLessThanOrEqual(75)
    expect(subjectHeader('not =?UTF-8?Q?a_word?=')).toMatch(/^Subject: =\?UTF-8\?Q\?/)
  })

  it('writes quoted-printable with soft breaks that never split an escape', () => {
    expect(quotedPrintable('a=b \r\nend\t')).toBe('a=3Db=20\r\nend=09')
    expect(quotedPrintable('a\rb\u0000')).toBe('a=0Db=00')
    const long = quotedPrintable(`${'a'.repeat(74)}é`)
    expect(long).toBe(`${'a'.repeat(74)}=\r\n=C3=A9`)
    expect(quotedPrintable('x'.repeat(76))).toBe('x'.repeat(76))
    expect(quotedPrintable('x'.repeat(77))).toBe(`${'x'.repeat(75)}=\r\nxx`)
  })
})
