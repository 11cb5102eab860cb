import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import type { Logger } from '../log.server.ts'

/**
 * How `npm run backup` reaches the embedded database while the server holds it (PGlite serves one
 * process): a Unix socket in DATA_DIR, `backup.sock`, mode 0600, so only the server's own user on
 * this machine can ask. The request is one JSON line ({ backupDir, passphrase? }); the server writes
 * the backup file itself, with its open database, and answers one JSON line. Nothing listens on
 * the network. With PostgreSQL there is no socket: the command opens the database itself.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock')

const requestSchema = z.object({
  backupDir: z.string().min(1).max(4096),
  passphrase: z.string().min(1).max(1024).optional(),
})

export type SocketRequest = z.infer<typeof requestSchema>
export type SocketAnswer = { ok: true; file: string; bytes: number; ms: number } | { ok: false; error: string }

export async function listenForBackupRequests(options: {
  dataDir: string
  log: Logger
  run: (request: SocketRequest) => Promise<{ file: string; bytes: number; ms: number }>
}): Promise<{ close(): Promise<void> }> {
  const file = backupSocketPath(options.dataDir)
  // The process holding DATA_DIR's lock owns the socket: one left by a crash is stale.
  fs.rmSync(file, { force: true })
  let busy = false
  const server = net.createServer((socket) => {
    let input = ''
    socket.setEncoding('utf8')
    socket.on('error', () => socket.destroy())
    socket.on('data', (chunk: string) => {
      input += chunk
      if (input.length > 16_384) return socket.destroy()
      const newline = input.indexOf('\n')
      if (newline < 0) return
      const answer = (body: SocketAnswer) => socket.end(`${JSON.stringify(body)}\n`)
      let request: SocketRequest
      try {
        const parsed = requestSchema.safeParse(JSON.parse(input.slice(0, newline)))
        if (!parsed.success) return answer({ ok: false, error: 'malformed backup request' })
        request = parsed.data
      } catch {
        return answer({ ok: false, error: 'malformed backup request' })
      }
      if (busy) return answer({ ok: false, error: 'a backup is being written already: try again when it is done' })
      busy = true
      options
        .run(request)
        .then(
          (result) => answer({ ok: true, ...result }),
          (error: unknown) => {
            options.log.error({ err: error }, 'backup asked through the socket failed')
            answer({ ok: false, error: error instanceof Error ? error.message : String(error) })
          },
        )
        .finally(() => {
          busy = false
        })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(file, () => resolve())
  })
  fs.chmodSync(file, 0o600)
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        fs.rmSync(file, { force: true })
      }),
  }
}

/** Asks the server holding DATA_DIR for a backup; the answer comes when the file is written. */
export function requestBackup(dataDir: string, request: SocketRequest): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(backupSocketPath(dataDir))
    let output = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`))
    socket.on('data', (chunk: string) => {
      output += chunk
    })
    socket.on('error', reject)
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as SocketAnswer)
      } catch {
        reject(new Error('the server closed the backup socket without an answer'))
      }
    })
  })
}
