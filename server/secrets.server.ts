import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export type Secrets = { authSecret: string }

/**
 * Secrets not given in the environment are generated once and kept in $DATA_DIR/secrets.json
 * (mode 0600), so sessions survive restarts without the owner having to invent a key.
 * The values are never logged.
 */
export function loadSecrets(dataDir: string, given: Partial<Secrets>): Secrets {
  const file = path.join(dataDir, 'secrets.json')
  let stored: Partial<Secrets> = {}
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>
  }
  const secrets: Secrets = {
    authSecret: given.authSecret ?? stored.authSecret ?? randomBytes(32).toString('base64url'),
  }
  if (!given.authSecret && stored.authSecret !== secrets.authSecret) {
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(file, `${JSON.stringify({ ...stored, authSecret: secrets.authSecret }, null, 2)}\n`, {
      mode: 0o600,
    })
  }
  return secrets
}
