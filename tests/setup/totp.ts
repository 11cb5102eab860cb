import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Secret, TOTP } from 'otpauth'

/**
 * The authenticator app of the tests: the secret of an `otpauth://` URI (or of the key the
 * enrolment page shows for typing in by hand), and the code an app would show for it now.
 */
export function totpSecretOf(uriOrKey: string): string {
  const secret = uriOrKey.startsWith('otpauth:') ? new URL(uriOrKey).searchParams.get('secret') : uriOrKey
  if (!secret) throw new Error(`no TOTP secret in ${uriOrKey}`)
  return secret.replace(/\s/g, '').toUpperCase()
}

export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp,
  })
}

/** A 6-digit code that is not the right one now (nor in the windows either side, which are accepted too). */
export function wrongTotpCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totpCode(secret, Date.now() + shift)))
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0')
    if (!valid.has(candidate)) return candidate
  }
}

const periodMs = 30_000
const claimsDir = path.join(os.tmpdir(), 'ramapo-totp-steps')

/**
 * The steps of `secret` claimed so far by any test process (files named `<key>-<step>`). Claims of
 * steps before `current - 1` are removed as they are met: every step handed out from now on is
 * later than them anyway.
 */
function claimedSteps(key: string, current: number): number[] {
  const steps: number[] = []
  for (const name of fs.readdirSync(claimsDir)) {
    const step = Number(name.slice(name.lastIndexOf('-') + 1))
    if (step < current - 1) fs.rmSync(path.join(claimsDir, name), { force: true })
    else if (name.startsWith(`${key}-`)) steps.push(step)
  }
  return steps
}

/**
 * A code the server has not seen yet, for a sign-in or enrolment that must succeed. The server
 * takes each 30-second step of an account once, and only a step later than the last one it took
 * (RFC 6238 §5.2), across every test process; so the steps are handed out here, each once and in
 * increasing order, through files created exclusively in one folder: the current step, else the
 * next one (the server accepts one step either side), else the clock's next step is waited for.
 */
export async function unusedTotpCode(secret: string): Promise<string> {
  fs.mkdirSync(claimsDir, { recursive: true })
  const key = createHash('sha256').update(secret).digest('hex').slice(0, 16)
  const deadline = Date.now() + 5 * periodMs
  for (;;) {
    const now = Date.now()
    const current = Math.floor(now / periodMs)
    const highest = Math.max(-1, ...claimedSteps(key, current))
    for (const step of [current, current + 1]) {
      if (step <= highest) continue
      try {
        fs.closeSync(fs.openSync(path.join(claimsDir, `${key}-${step}`), 'wx'))
        return totpCode(secret, step * periodMs)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
    }
    if (now > deadline) throw new Error('no unused TOTP step within 150 s')
    // Both usable steps are taken: the next one becomes usable when the clock reaches it.
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * periodMs - now + 50))
  }
}
