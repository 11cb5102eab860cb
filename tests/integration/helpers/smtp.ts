import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { type ParsedMessage, parseMessage } from './mail.ts'

export type ReceivedMail = ParsedMessage & {
  /** RCPT TO addresses of the SMTP session. */
  recipients: string[]
}

/**
 * A real SMTP server in this process (the `smtp-server` package) that keeps every message it
 * accepts. It can be stopped and started again on the same port, to play an outage.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = []
  #server: SMTPServer | undefined
  #port = 0

  get port(): number {
    return this.#port
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`
  }

  get running(): boolean {
    return this.#server !== undefined
  }

  /** Starts listening: on a free port the first time, on the same port after a stop(). */
  async start(): Promise<void> {
    if (this.#server) return
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // No delay before the greeting, and sockets of a stopped server are dropped at once.
      socketTimeout: 10_000,
      closeTimeout: 100,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          this.received.push({
            ...parseMessage(raw),
            recipients: session.envelope.rcptTo.map((r) => r.address),
          })
          callback()
        })
      },
    })
    server.on('error', () => {
      // a client dropping its connection is not the test's business
    })
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error)
      server.server.once('error', onError)
      server.listen(this.#port, '127.0.0.1', () => {
        server.server.off('error', onError)
        resolve()
      })
    })
    this.#port = (server.server.address() as AddressInfo).port
    this.#server = server
  }

  /** Stops accepting connections (the port refuses them) and drops the open ones. */
  async stop(): Promise<void> {
    const server = this.#server
    if (!server) return
    this.#server = undefined
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** How many messages carry each Message-ID. */
  countsByMessageId(): Map<string, number> {
    const counts = new Map<string, number>()
    for (const mail of this.received) {
      const id = mail.headers.get('message-id') ?? '(none)'
      counts.set(id, (counts.get(id) ?? 0) + 1)
    }
    return counts
  }
}
