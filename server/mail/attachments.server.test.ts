import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import PostalMime from 'postal-mime'
import { describe, expect, it } from 'vitest'
import { mailMessageSchema } from './outbox.server.ts'
import { composeEml, createMailTransport } from './transport.server.ts'

const FROM = 'Ramapo IT Services <hello@ramapo-it.example>'
const pdf = Buffer.from('%PDF-1.7\n% a receipt\n%%EOF\n')
const message = {
  to: ['client@example.com'],
  subject: 'Your receipt RCT-2026-0001',
  text: 'Thank you for your payment.',
  attachments: [
    { filename: 'RCT-2026-0001.pdf', contentType: 'application/pdf' as const, contentBase64: pdf.toString('base64') },
  ],
}

describe('attachments on outgoing mail', () => {
  it('are validated with the message: a plain file name, a known type, base64 content', () => {
    expect(mailMessageSchema.parse(message).attachments).toHaveLength(1)
    const bad = (attachment: Record<string, unknown>) =>
      mailMessageSchema.safeParse({ ...message, attachments: [{ ...message.attachments[0], ...attachment }] }).success
    expect(bad({ filename: '../etc/passwd' })).toBe(false)
    expect(bad({ filename: 'receipt.pdf\r\nBcc: x@example.com' })).toBe(false)
    expect(bad({ contentType: 'text/html' })).toBe(false)
    expect(bad({ contentBase64: 'not base64!' })).toBe(false)
  })

  it('reach the reader as the same bytes, through the file transport', async () => {
    const raw = await composeEml(FROM, { ...message, messageId: '<receipt-1@outbox.ramapo-it>' })
    const email = await PostalMime.parse(raw)
    expect(email.text?.trim()).toBe('Thank you for your payment.')
    expect(email.attachments).toHaveLength(1)
    expect(email.attachments[0]).toMatchObject({ filename: 'RCT-2026-0001.pdf', mimeType: 'application/pdf' })
    expect(Buffer.from(email.attachments[0]?.content as ArrayBuffer).equals(pdf)).toBe(true)

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-attachments-'))
    try {
      const transport = createMailTransport({ dataDir, from: FROM, log: pino({ level: 'silent' }) })
      await transport.send({ ...message, messageId: '<receipt-2@outbox.ramapo-it>' })
      const [file] = fs.readdirSync(path.join(dataDir, 'mail'))
      const written = await PostalMime.parse(fs.readFileSync(path.join(dataDir, 'mail', file ?? '')))
      expect(Buffer.from(written.attachments[0]?.content as ArrayBuffer).equals(pdf)).toBe(true)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
