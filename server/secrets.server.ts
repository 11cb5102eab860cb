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
    try {
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>
    } catch {
      throw new Error(`${file} is not valid JSON: restore it from a backup, or delete it to generate new secrets.`)
    }
    // Only this process's user may read it, even if someone loosened it (or a backup restore did).
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600)
  }
  const secrets: Secrets = {
    authSecret: given.authSecret ?? stored.authSecret ?? randomBytes(32).toString('base64url'),
  }
  if (!given.authSecret && stored.authSecret !== secrets.authSecret) {
    fs.mkdirSync(dataDir, { recursive: true })
    // Written beside it and renamed over it: a crash mid-write never leaves a truncated file.
    const temp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(temp, `${JSON.stringify({ ...stored, authSecret: secrets.authSecret }, null, 2)}\n`, {
      mode: 0o600,
    })
    fs.chmodSync(temp, 0o600)
    fs.renameSync(temp, file)
  }
  return secrets
}
