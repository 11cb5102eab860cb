import { sql } from 'drizzle-orm'
import { check, customType, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import {
  type ContractEventKind,
  type ContractFields,
  type ContractStatus,
  contractStatuses,
} from '../../../app/features/contracts/states.ts'
import type { BillToSnapshot, IssuerSnapshot } from './billing.server.ts'
import { oneOf } from './checks.server.ts'
import { clientOnboarding } from './onboarding.server.ts'
import { organisations } from './organisations.server.ts'

/**
 * Contracts with electronic signature (docs/contracts.md, ADR 019). A template is Markdown with
 * placeholders; a contract is a template filled for one client, editable while a draft, frozen
 * when sent (its SHA-256 recorded), signed by the client and countersigned by staff. Database
 * triggers (migration 0012) keep a sent contract's text, and a signed contract's signatures,
 * from ever changing, and keep the event trail and the issued PDFs append-only.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** Templates staff fill for a client: Markdown with {{placeholders}}; edited in /admin/contracts/templates. */
export const contractTemplates = pgTable('contract_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable name of a standard template (seeded at boot when missing); null for one staff added. */
  key: text('key').unique(),
  title: text('title').notNull(),
  /** What it is for, shown to staff when they pick one. */
  description: text('description').notNull().default(''),
  body: text('body').notNull(),
  updatedByEmail: text('updated_by_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clientOnboarding.id, { onDelete: 'restrict' }),
    /**
     * The organisation the contract belongs to. Always set (a check says so): a write that leaves it
     * out gets the organisation of `client_id`'s person from a trigger (migration 0019, ADR 028). The
     * one change a sent contract allows besides its signatures: moving to another organisation.
     */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'restrict' }),
    templateId: uuid('template_id').references(() => contractTemplates.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The full text (Markdown), placeholders filled; frozen once sent. */
    body: text('body').notNull(),
    status: text('status').$type<ContractStatus>().notNull().default('draft'),
    /** CTR-2026-0001, given when sent (the billing documents' counter, series CTR). */
    number: text('number').unique(),
    /** The last New York date on which it can be signed. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** The values the placeholders were filled with (plan, price per user, users, start date, term). */
    fields: jsonb('fields').$type<ContractFields>().notNull(),
    /** SHA-256 (hex) of the body's UTF-8 bytes, recorded when sent. */
    textSha256: text('text_sha256'),
    issuer: jsonb('issuer').$type<IssuerSnapshot>(),
    party: jsonb('party').$type<BillToSnapshot>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentByEmail: text('sent_by_email'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    // The client's signature: who (as typed, and the account), when, from where, and what.
    signerName: text('signer_name'),
    signerEmail: text('signer_email'),
    signerUserId: text('signer_user_id'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    /** SHA-256 of the text the client had in front of them when they signed. */
    signedSha256: text('signed_sha256'),
    /** The consent sentence the client ticked, word for word. */
    consentText: text('consent_text'),
    // The business's countersignature.
    countersignerName: text('countersigner_name'),
    countersignerEmail: text('countersigner_email'),
    countersignerUserId: text('countersigner_user_id'),
    countersignedAt: timestamp('countersigned_at', { withTimezone: true }),
    countersignerIp: text('countersigner_ip'),
    countersignerUserAgent: text('countersigner_user_agent'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawReason: text('withdraw_reason'),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contracts_client_idx').on(t.clientId, t.createdAt.desc()),
    index('contracts_organisation_idx').on(t.organisationId, t.createdAt.desc()),
    check('contracts_organisation_check', sql`${t.organisationId} is not null`),
    index('contracts_created_idx').on(t.createdAt.desc()),
    check('contracts_status_check', sql`${t.status} in (${oneOf(contractStatuses)})`),
    // Sent exactly when numbered, hashed and addressed.
    check(
      'contracts_sent_check',
      sql`(${t.status} = 'draft') = (${t.number} is null) and (${t.status} = 'draft') = (${t.textSha256} is null)
        and (${t.status} = 'draft') = (${t.sentAt} is null)
        and (${t.status} = 'draft' or (${t.issuer} is not null and ${t.party} is not null))`,
    ),
    // A signature is whole, and it is of the text that was sent.
    check(
      'contracts_signed_check',
      sql`(${t.status} in ('signed', 'countersigned')) = (${t.signedAt} is not null)
        and (${t.signedAt} is null or (${t.signerName} is not null and ${t.signerEmail} is not null
          and ${t.signerUserId} is not null and ${t.signerIp} is not null and ${t.signerUserAgent} is not null
          and ${t.consentText} is not null and ${t.signedSha256} = ${t.textSha256}))`,
    ),
    check(
      'contracts_countersigned_check',
      sql`(${t.status} = 'countersigned') = (${t.countersignedAt} is not null)
        and (${t.countersignedAt} is null or (${t.countersignerName} is not null and ${t.countersignerEmail} is not null
          and ${t.countersignerUserId} is not null and ${t.countersignerIp} is not null))`,
    ),
    check('contracts_declined_check', sql`(${t.status} = 'declined') = (${t.declinedAt} is not null)`),
    check(
      'contracts_withdrawn_check',
      sql`(${t.status} = 'withdrawn') = (${t.withdrawnAt} is not null and ${t.withdrawReason} is not null)`,
    ),
  ],
)

/** What happened to a contract, who did it, when and from which address: the certificate's trail. */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order things happened in, also within one moment. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ContractEventKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorUserId: text('actor_user_id').notNull(),
    /** The address the server saw the request from (null for what staff did before sending). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The text's SHA-256 at this moment (sent and later). */
    textSha256: text('text_sha256'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('contract_events_contract_idx').on(t.contractId, t.seq),
    check(
      'contract_events_kind_check',
      sql`${t.kind} in ('created', 'sent', 'viewed', 'signed', 'countersigned', 'declined', 'withdrawn')`,
    ),
  ],
)

/**
 * Every signed PDF the business issued (e-mailed and downloadable), byte for byte, with its
 * SHA-256: the staff verification page matches an uploaded file against these.
 */
export const contractFiles = pgTable(
  'contract_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    /** After which signature it was made: 'signed' (the client's) or 'countersigned' (both). */
    stage: text('stage').$type<'signed' | 'countersigned'>().notNull(),
    sha256: text('sha256').notNull().unique(),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('contract_files_contract_idx').on(t.contractId),
    check('contract_files_stage_check', sql`${t.stage} in ('signed', 'countersigned')`),
  ],
)

export type ContractTemplate = typeof contractTemplates.$inferSelect
export type Contract = typeof contracts.$inferSelect
export type ContractEvent = typeof contractEvents.$inferSelect
export type ContractFile = typeof contractFiles.$inferSelect
