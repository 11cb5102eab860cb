// The whole database schema: one file per area, re-exported here for Drizzle and drizzle-kit.

export * from './audit.server.ts'
export * from './auth.server.ts'
export * from './billing.server.ts'
export * from './blog.server.ts'
export * from './bookings.server.ts'
export * from './consent.server.ts'
export * from './contracts.server.ts'
export * from './locations.server.ts'
export * from './onboarding.server.ts'
export * from './redirects.server.ts'
export * from './sign-in-throttle.server.ts'
export * from './totp-used-steps.server.ts'
