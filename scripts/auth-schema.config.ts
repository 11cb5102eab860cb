// Input for Better Auth's schema generator, which writes server/db/schema/auth.server.ts:
//
//   npx auth@latest generate --config scripts/auth-schema.config.ts --output server/db/schema/auth.server.ts --yes
//   npx @biomejs/biome format --write server/db/schema/auth.server.ts && npm run db:generate -- --name auth
//
// It repeats only the options of server/accounts/auth.server.ts that shape tables (the e-mail/password
// provider, database rate limits, uuid ids, the e-mail OTP and two-factor plugins). The generator reads the options
// without opening the database.
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { emailOTP } from 'better-auth/plugins/email-otp'
import { twoFactor } from 'better-auth/plugins/two-factor'

export const auth = betterAuth({
  database: drizzleAdapter({} as never, { provider: 'pg' }),
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: true, storage: 'database' },
  advanced: { database: { generateId: 'uuid' } },
  plugins: [emailOTP({ sendVerificationOTP: async () => {} }), twoFactor()],
})
