import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export type Secrets = {
  authSecret: string
  /** Salt of the IP hashes in the consent log; never configured, always generated here. */
  consentIpSalt: string
}

/**
 * Secrets not given in the environment are generated once and kept in $DATA_DIR/secrets.json
 * (mode 0600), so sessions survive restarts without the owner having to invent a key.
 * The values are never logged; a secret given in the environment is never written.
 */
export function loadSecrets(dataDir: string, given: Partial<Pick<Secrets, 'authSecret'>>): Secrets {
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
    authSecret: given.authSecret ?? stored.authSecret ?? newSecret(),
    consentIpSalt: stored.consentIpSalt ?? newSecret(),
  }
  // Only what was generated here is written: a secret given in the environment stays out of the file.
  const kept: Partial<Secrets> = { ...stored, consentIpSalt: secrets.consentIpSalt }
  if (!given.authSecret) kept.authSecret = secrets.authSecret
  if (kept.authSecret !== stored.authSecret || kept.consentIpSalt !== stored.consentIpSalt) {
    fs.mkdirSync(dataDir, { recursive: true })
    // Written beside it and renamed over it: a crash mid-write never leaves a truncated file.
    const temp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(temp, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 })
    fs.chmodSync(temp, 0o600)
    fs.renameSync(temp, file)
  }
  return secrets
}

function newSecret(): string {
  return randomBytes(32).toString('base64url')
}
