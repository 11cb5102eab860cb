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
    writeSecrets(dataDir, file, kept)
  }
  return secrets
}

function writeSecrets(dataDir: string, file: string, values: Record<string, unknown>) {
  fs.mkdirSync(dataDir, { recursive: true })
  // Written beside it and renamed over it: a crash mid-write never leaves a truncated file.
  const temp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temp, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 })
  fs.chmodSync(temp, 0o600)
  fs.renameSync(temp, file)
}

/**
 * The demo client's password (SEED_DEMO), kept in the same file under `demoClientPassword`:
 * generated once per install, so no two installs share a known password. Read it from the file
 * to sign in as the demo client (README).
 */
export function loadDemoClientPassword(dataDir: string): string {
  return loadDemoPassword(dataDir, 'demoClientPassword')
}

/**
 * The passwords of the other demo people (SEED_DEMO, server/organisations/demo.server.ts), kept
 * beside the demo client's and made the same way: the demo office's billing person and member, and
 * the demo household's owner.
 */
export function loadDemoPeoplePasswords(dataDir: string): { billing: string; member: string; household: string } {
  return {
    billing: loadDemoPassword(dataDir, 'demoBillingPassword'),
    member: loadDemoPassword(dataDir, 'demoMemberPassword'),
    household: loadDemoPassword(dataDir, 'demoHouseholdPassword'),
  }
}

function loadDemoPassword(dataDir: string, key: string): string {
  const file = path.join(dataDir, 'secrets.json')
  const stored = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {}
  const kept = stored[key]
  if (typeof kept === 'string' && kept.length >= 8) return kept
  const password = randomBytes(12).toString('base64url')
  writeSecrets(dataDir, file, { ...stored, [key]: password })
  return password
}

function newSecret(): string {
  return randomBytes(32).toString('base64url')
}
