-- Incoming support e-mail (docs/support.md#e-mail): every message read from the support mailbox,
-- kept raw before anything else is done with it; one row per Message-ID, so a message read twice
-- is stored and processed once. Never shown to clients; staff triage what waits for them.
CREATE TABLE "support_inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"raw" bytea NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'stored' NOT NULL,
	"reason" text,
	"ticket_id" uuid,
	"from_address" text,
	"from_name" text,
	"subject" text,
	"preview" text,
	"sender_check" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "support_inbound_messages_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "support_inbound_messages_state_check" CHECK ("support_inbound_messages"."state" in ('stored', 'processed', 'triaged', 'held', 'ignored', 'discarded')),
	CONSTRAINT "support_inbound_messages_sender_check_check" CHECK ("support_inbound_messages"."sender_check" is null or "support_inbound_messages"."sender_check" in ('pass', 'fail', 'none'))
);
--> statement-breakpoint
ALTER TABLE "support_inbound_messages" ADD CONSTRAINT "support_inbound_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "support_inbound_messages_state_idx" ON "support_inbound_messages" USING btree ("state","received_at");
