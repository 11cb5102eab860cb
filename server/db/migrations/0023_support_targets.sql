-- Support targets (docs/support.md#targets): each ticket's first-response and resolution due moments,
-- counted in business hours by app/features/support/ticket-targets.ts and stored here so the staff
-- queue can sort by the next one and the admin overview can count due-soon and missed tickets in SQL.
-- A due moment is null while its target is paused (waiting on the client) or met. The warned columns
-- make the warning e-mail go once per ticket and target.
CREATE TABLE "support_ticket_targets" (
	"ticket_id" uuid PRIMARY KEY NOT NULL REFERENCES "support_tickets"("id") ON DELETE CASCADE,
	"first_response_due_at" timestamp with time zone,
	"resolution_due_at" timestamp with time zone,
	"next_due_at" timestamp with time zone,
	"paused" boolean DEFAULT false NOT NULL,
	"first_response_breached" boolean DEFAULT false NOT NULL,
	"resolution_breached" boolean DEFAULT false NOT NULL,
	"first_response_warned_at" timestamp with time zone,
	"resolution_warned_at" timestamp with time zone,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "support_ticket_targets_next_due_idx" ON "support_ticket_targets" ("next_due_at") WHERE "next_due_at" IS NOT NULL;
--> statement-breakpoint
-- The staff queue's default order (latest activity first, whatever the status): an index walk, not a sort of every ticket.
CREATE INDEX "support_tickets_updated_idx" ON "support_tickets" USING btree ("updated_at" DESC NULLS LAST);
