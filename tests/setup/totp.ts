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
