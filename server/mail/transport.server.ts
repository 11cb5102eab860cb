import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from '../log.server.ts'

export type OutgoingMail = {
  to: string[]
  subject: string
  text: string
  html?: string | undefined
  replyTo?: string | undefined
  /** Stable id so that a retried message is recognisable as the same message. */
  messageId: string
}

export type MailTransport = {
  kind: 'file' | 'smtp'
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/**
 * Default: every message becomes an RFC 822 .eml file in $DATA_DIR/mail/ plus a one-line log.
 * With SMTP_URL: a real SMTP server.
 */
export function createMailTransport(options: {
  smtpUrl?: string | undefined
  dataDir: string
  from: string
  log: Logger
}): MailTransport {
  const { log, from } = options
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl)
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail({ from, ...mail })
        log.info({ to: mail.to, subject: mail.subject, messageId: mail.messageId }, 'mail sent over SMTP')
      },
      close: () => transporter.close(),
    }
  }
  const mailDir = path.join(options.dataDir, 'mail')
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  // The folder is made once, not before every file; if it disappears later, it is made again.
  let folder: Promise<unknown> | undefined
  const makeFolder = () => {
    folder ??= fs.mkdir(mailDir, { recursive: true }).catch((error: unknown) => {
      folder = undefined
      throw error
    })
    return folder
  }
  return {
    kind: 'file',
    async send(mail) {
      const info = await transporter.sendMail({ from, ...mail })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(mailDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`)
      await makeFolder()
      try {
        await fs.writeFile(file, info.message as Buffer)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        folder = undefined
        await makeFolder()
        await fs.writeFile(file, info.message as Buffer)
      }
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to file')
    },
    close: () => transporter.close(),
  }
}
