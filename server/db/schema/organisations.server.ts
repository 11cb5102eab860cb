import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import {
  type OrganisationKind,
  type OrganisationRole,
  type OrganisationState,
  organisationKinds,
  organisationRoles,
  organisationStates,
} from '../../../app/features/organisations/roles.ts'
import { clientOnboarding } from './onboarding.server.ts'

/**
 * A client of the business: client records (billing documents, contracts, consultation requests and
 * their appointments) belong to it, and people are its members (docs/accounts.md#organisations,
 * ADR 028). Every client person belongs to one: migration 0019 made each existing client an
 * organisation of one, and a trigger does the same for a new client that joins none.
 */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: organisationKinds }).notNull(),
    phone: text('phone'),
    streetAddress: text('street_address'),
    town: text('town'),
    state: text('state', { enum: organisationStates }),
    postalCode: text('postal_code'),
    /** Where billing documents go besides the billing people (an accounts-payable mailbox). */
    billingEmail: text('billing_email'),
    /** Everyone in it signs in with a second factor (an owner's setting), as staff do. */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    /** Staff's own notes about the client, never shown to its people. */
    staffNotes: text('staff_notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('organisations_name_idx').on(sql`lower(${t.name})`),
    check('organisations_kind_check', sql`${t.kind} in ('business', 'household')`),
    check('organisations_state_check', sql`${t.state} is null or ${t.state} in ('NY', 'NJ')`),
    check('organisations_name_check', sql`length(trim(${t.name})) > 0`),
    check('organisations_billing_email_lowercase', sql`${t.billingEmail} = lower(${t.billingEmail})`),
  ],
)

/**
 * Who is in which organisation, in which role. A person (their onboarding record) belongs to one
 * organisation at most: the person is the key. Deleting the person's record removes the membership.
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    personId: uuid('person_id')
      .primaryKey()
      .references(() => clientOnboarding.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    role: text('role', { enum: organisationRoles }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organisation_members_organisation_idx').on(t.organisationId, t.role),
    check('organisation_members_role_check', sql`${t.role} in ('owner', 'billing', 'member')`),
  ],
)

export type Organisation = typeof organisations.$inferSelect
export type OrganisationMember = typeof organisationMembers.$inferSelect

export type { OrganisationKind, OrganisationRole, OrganisationState }
