import { Secret } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimTimeStep, stepOfCode, timeStepAt, totpCodeAt } from '../../server/accounts/totp-replay.server.ts'
import { user } from '../../server/db/schema/index.server.ts'
import { totpCode } from '../setup/totp.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase
let userId: string
// The plugin keeps the secret as text and keys HMAC with its bytes; apps get those bytes in base32.
const secret = 'k3y-of-the-plugin-0123456789abcdef'
const appSecret = new Secret({ buffer: new Uint8Array(Buffer.from(secret, 'utf8')).buffer }).base32

beforeAll(async () => {
  database = await openTestDatabase()
  const [row] = await database.db
    .insert(user)
    .values({ name: 'Tess Totp', email: `tess-${Date.now()}@example.com` })
    .returning({ id: user.id })
  userId = row?.id ?? ''
})
afterAll(async () => {
  await database?.cleanup()
})

describe(`one use per authenticator code on ${backend}`, () => {
  it("finds the step of the app's code within one step either side, and no other", () => {
    const now = Date.parse('2026-11-26T14:00:10Z')
    const step = timeStepAt(now)
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(appSecret, now + offset * 30_000)
      expect(totpCodeAt(secret, step + offset)).toBe(code)
      expect(stepOfCode(secret, code, now)).toBe(step + offset)
    }
    expect(stepOfCode(secret, totpCode(appSecret, now + 90_000), now)).toBeNull()
  })

  it('lets exactly one of many simultaneous claims of a step through, then only later steps', async () => {
    const step = timeStepAt(Date.now())
    // On PostgreSQL the pool sends these on separate connections, as separate processes would.
    const claims = await Promise.all(Array.from({ length: 12 }, () => claimTimeStep(database.db, userId, step)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await claimTimeStep(database.db, userId, step)).toBe(false)
    expect(await claimTimeStep(database.db, userId, step - 1)).toBe(false)
    expect(await claimTimeStep(database.db, userId, step + 1)).toBe(true)
  })
})
