import { createContext } from 'react-router'
import type { Config } from '../server/config.server.ts'
import type { Database } from '../server/db/client.server.ts'
import type { Logger } from '../server/log.server.ts'
import type { Outbox } from '../server/mail/outbox.server.ts'

/** What the server hands to every loader and action (read with `context.get(appContext)`). */
export type AppContext = {
  config: Config
  database: Database
  outbox: Outbox | undefined
  log: Logger
  requestId: string
  clientIp: string
  /** CSP nonce of this response, for inline scripts rendered on the server. */
  nonce: string
}

export const appContext = createContext<AppContext>()
