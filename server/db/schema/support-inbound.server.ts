import { sql } from 'drizzle-orm'
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import {
  type InboundMailState,
  inboundMailStates,
  type SenderCheck,
  senderChecks,
} from '../../../app/features/support/inbound-mail.ts'
import { oneOf } from './checks.server.ts'
import { supportTickets } from './support.server.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * Every message read from the support mailbox, stored raw before anything else is done with it and
 * before it is marked done in the mailbox (docs/support.md#e-mail). `message_id` is the message's
 * Message-ID (or one made from its bytes when it has none): a message read twice is stored once and
 * processed once. Never shown to clients.
 */
export const supportInboundMessages = pgTable(
  'support_inbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id').notNull().unique(),
    raw: bytea('raw').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state', { enum: inboundMailStates }).$type<InboundMailState>().notNull().default('stored'),
    /** Why it is in its state, in staff's words ("Auto-reply (Auto-Submitted: auto-replied)"). */
    reason: text('reason'),
    /** The ticket it landed in (processed) or was attached to from triage. */
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'set null' }),
    fromAddress: text('from_address'),
    fromName: text('from_name'),
    subject: text('subject'),
    /** The start of the reply part, for the triage list. */
    preview: text('preview'),
    senderCheck: text('sender_check', { enum: senderChecks }).$type<SenderCheck>(),
    /** Failed processing attempts (a bug or an outage); the reader tries again. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** The staff member who attached, opened or discarded it from triage. */
    decidedBy: text('decided_by'),
  },
  (t) => [
    index('support_inbound_messages_state_idx').on(t.state, t.receivedAt),
    check('support_inbound_messages_state_check', sql`${t.state} in (${oneOf(inboundMailStates)})`),
    check(
      'support_inbound_messages_sender_check_check',
      sql`${t.senderCheck} is null or ${t.senderCheck} in (${oneOf(senderChecks)})`,
    ),
  ],
)

export type SupportInboundMessage = typeof supportInboundMessages.$inferSelect
