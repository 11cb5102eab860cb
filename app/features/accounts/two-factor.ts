import { z } from 'zod'

/**
 * Two-factor sign-in, as the browser and the server both see it (ADR 016): the code formats and
 * the words of the per-account sign-in lock.
 */

/** The code of Better Auth's answer while an e-mail address is locked after failed sign-ins. */
export const TOO_MANY_FAILED_SIGN_INS = 'TOO_MANY_FAILED_SIGN_INS'

export const accountLockedMessage = 'Too many failed sign-ins for this account. Wait a few minutes, then try again.'

/** A code from an authenticator app: six digits (spaces allowed, as apps show "123 456"). */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'))

/** A backup code: ten letters and digits, shown as `abcde-12345`; typed with or without the dash. */
export const backupCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9]{10}$/, 'Enter one of your backup codes: ten letters and digits.'))
  .transform((value) => `${value.slice(0, 5)}-${value.slice(5)}`)
