import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, type Harness, signIn, signUpVerified, startHarness, strongPassword } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

/** The tokens of every reset link sent to `email`, oldest first. */
async function resetTokens(harness: Harness, email: string): Promise<string[]> {
  const mails = (await harness.mails()).filter((m) => m.to.includes(email))
  return mails.flatMap((m) => {
    const match = m.text?.match(/\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/)
    return match?.[1] ? [match[1]] : []
  })
}

async function requestReset(harness: Harness, email: string) {
  const response = await new Client(harness).request('/api/auth/request-password-reset', { json: { email } })
  expect(response.status).toBe(200)
}

const reset = (harness: Harness, token: string, newPassword: string) =>
  new Client(harness).request('/api/auth/reset-password', { json: { token, newPassword } })

describe(`reset links end when the password changes, on ${backend}`, () => {
  let harness: Harness
  beforeAll(async () => {
    harness = await startHarness()
  })
  afterAll(async () => {
    await harness?.cleanup()
  })

  it('refuses the older links once the newest one has reset the password', async () => {
    const email = 'five-links@example.com'
    await signUpVerified(harness, email)
    for (let i = 0; i < 5; i++) await requestReset(harness, email)
    const tokens = await resetTokens(harness, email)
    expect(tokens).toHaveLength(5)
    expect((await reset(harness, tokens[4] ?? '', 'amber-harbour-lights-77')).status).toBe(200)
    for (const token of tokens.slice(0, 4)) {
      const again = await reset(harness, token, 'someone-else-entirely-88')
      expect(again.status, token).toBe(400)
    }
    await signIn(harness, email, 'amber-harbour-lights-77')
  })

  it('refuses a link asked for before the password was changed in settings', async () => {
    const email = 'changed-in-settings@example.com'
    await signUpVerified(harness, email)
    await requestReset(harness, email)
    const [token] = await resetTokens(harness, email)
    const client = await signIn(harness, email)
    const change = await client.request('/api/auth/change-password', {
      json: { currentPassword: strongPassword, newPassword: 'quiet-meadow-stones-31' },
    })
    expect(change.status).toBe(200)
    expect((await reset(harness, token ?? '', 'a-thief-would-like-this-9')).status).toBe(400)
    await signIn(harness, email, 'quiet-meadow-stones-31')
  })
})
