import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Roles; `admin` is the privileged one, `employee` is staff without admin rights. */
export const onboardingRoles = ['client', 'employee', 'admin'] as const
export type OnboardingRole = (typeof onboardingRoles)[number]

/**
 * Stored statuses. `verified` is a legacy value that reads as approved; new rows move
 * pending_verification → pending → approved | rejected.
 */
export const onboardingStatuses = ['pending_verification', 'pending', 'approved', 'rejected', 'verified'] as const
export type OnboardingStatus = (typeof onboardingStatuses)[number]

/**
 * One row per account, found by e-mail: the product reads a
 * signed-in user's status and role from here. Changes are announced on the channel
 * `client_onboarding_changed` by a trigger (see the migration), which feeds the live status stream.
 */
export const clientOnboarding = pgTable(
  'client_onboarding',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    fullName: text('full_name'),
    companyName: text('company_name'),
    role: text('role', { enum: onboardingRoles }).notNull().default('client'),
    phone: text('phone'),
    status: text('status', { enum: onboardingStatuses }).notNull().default('pending_verification'),
    /** E-mail of the staff member who approved or rejected the account. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** Set when the client asked for their account to be deleted; staff act on it. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** Set while an admin has disabled the account: no session is served or created for it. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledBy: text('disabled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index('client_onboarding_created_idx').on(table.createdAt),
    check('client_onboarding_role_check', sql`${table.role} in ('client', 'employee', 'admin')`),
    check(
      'client_onboarding_status_check',
      sql`${table.status} in ('pending_verification', 'pending', 'approved', 'rejected', 'verified')`,
    ),
    check('client_onboarding_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
)

export type ClientOnboarding = typeof clientOnboarding.$inferSelect
export type NewClientOnboarding = typeof clientOnboarding.$inferInsert
