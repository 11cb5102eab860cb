import pino from 'pino'
import type { Logger } from '../../../server/log.server.ts'

export type LogLine = { level: number; msg: string; [key: string]: unknown }

/** A real pino logger that keeps its JSON lines in memory. */
export function capturingLogger(level = 'info'): { log: Logger; lines: LogLine[]; raw: string[] } {
  const raw: string[] = []
  const lines: LogLine[] = []
  const log = pino(
    { level },
    {
      write(chunk: string) {
        raw.push(chunk)
        lines.push(JSON.parse(chunk) as LogLine)
      },
    },
  )
  return { log, lines, raw }
}
