import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import MailComposer from 'nodemailer/lib/mail-composer'
import type { Logger } from '../log.server.ts'
import type { MailAttachment } from './outbox.server.ts'

export type OutgoingMail = {
  to: string[]
  subject: string
  text: string
  html?: string | undefined
  replyTo?: string | undefined
  attachments?: MailAttachment[] | undefined
  /** Stable id so that a retried message is recognisable as the same message. */
  messageId: string
  /** A conversation's message (a support reply): its From, and the thread it answers. */
  thread?: { from?: string | undefined; inReplyTo?: string | undefined; references?: string[] | undefined } | undefined
}

/** The From and threading headers of a conversation's message, as nodemailer takes them. */
function threadFields(mail: OutgoingMail, from: string) {
  const thread = mail.thread
  return {
    from: thread?.from ?? from,
    ...(thread?.inReplyTo ? { inReplyTo: thread.inReplyTo } : {}),
    ...(thread?.references?.length ? { references: thread.references } : {}),
  }
}

/** A message's attachments as nodemailer takes them (decoded from the job's base64 by nodemailer). */
function attachmentsFor(mail: OutgoingMail) {
  return mail.attachments?.map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: file.contentBase64,
    encoding: 'base64',
  }))
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
        const { attachments: _files, thread: _thread, ...fields } = mail
        const attachments = attachmentsFor(mail)
        await transporter.sendMail({ ...fields, ...threadFields(mail, from), ...(attachments ? { attachments } : {}) })
        log.info({ to: mail.to, subject: mail.subject, messageId: mail.messageId }, 'mail sent over SMTP')
      },
      close: () => transporter.close(),
    }
  }
  const mailDir = path.join(options.dataDir, 'mail')
  // The folder is made once, not before every file; if it disappears later, it is made again.
  let folder: Promise<void> | undefined
  const makeFolder = () => {
    folder ??= fs.promises
      .mkdir(mailDir, { recursive: true })
      .then(() => undefined)
      .catch((error: unknown) => {
        folder = undefined
        throw error
      })
    return folder
  }
  return {
    kind: 'file',
    async send(mail) {
      const message = await composeEml(from, mail)
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(mailDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`)
      await makeFolder()
      try {
        writeFile(file, message)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        folder = undefined
        await makeFolder()
        writeFile(file, message)
      }
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to file')
    },
    close: () => {},
  }
}

/**
 * The message as RFC 822 text with CRLF line ends, composed by nodemailer's MailComposer directly:
 * the same headers and encoding as a stream transport's sendMail, without its per-message pipeline
 * of streams and plugins, which cost about three times as much.
 */
export function composeEml(from: string, mail: OutgoingMail): Promise<Buffer> {
  const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n')
  const composer = new MailComposer({
    ...threadFields(mail, from),
    to: mail.to,
    subject: mail.subject,
    text: crlf(mail.text),
    ...(mail.html !== undefined ? { html: crlf(mail.html) } : {}),
    ...(mail.replyTo !== undefined ? { replyTo: mail.replyTo } : {}),
    ...(mail.attachments?.length ? { attachments: attachmentsFor(mail) } : {}),
    messageId: mail.messageId,
  })
  return new Promise((resolve, reject) => {
    composer.compile().build((error, message) => (error ? reject(error) : resolve(message)))
  })
}

/**
 * A message of a few KB written in one go on the event loop's thread. Written through the thread pool
 * (fs.writeFile with a callback), each file is three hand-offs (open, write, close), each one a wake-up
 * of a pool thread and of the loop; on the 2-core machine that cost two to four times the CPU of the
 * writes themselves (docs/perf/intake-profile.md, 2026-11-28), for files the local disk takes into
 * its page cache in tens of microseconds.
 */
function writeFile(file: string, data: string | Buffer): void {
  fs.writeFileSync(file, data)
}
