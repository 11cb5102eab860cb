-- The support minute job and the missed-targets filter at 100,000 tickets (issue 26's benchmark;
-- docs/support.md#performance).
--
-- The minute job (server/support/targets.server.ts) heals stored targets older than their ticket.
-- It found them by anti-joining every ticket with its targets: a pass over the whole table every
-- minute, which on PGlite holds the only connection meanwhile. The ticket now carries the
-- `updated_at` its targets were computed from, written with them, and a partial index holds only
-- the tickets where that is missing or older: the job reads that index, nearly always empty, and a
-- ticket whose targets are current (every closed one) is never read.
-- The tickets already there count as computed at this migration (a default PostgreSQL stores once, not
-- in each row: writing all 100,000 rows took PGlite over a minute, each one a new entry in every
-- index, the trigram one too), except those whose stored targets are missing or older than the
-- ticket, which are marked stale; new tickets start stale, and their transaction computes them.
ALTER TABLE "support_tickets" ADD COLUMN "targets_computed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "support_tickets" AS t SET "targets_computed_at" = NULL WHERE NOT EXISTS (
  SELECT 1 FROM "support_ticket_targets" g WHERE g."ticket_id" = t."id" AND g."computed_at" >= t."updated_at");--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "targets_computed_at" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "support_tickets_targets_stale_idx" ON "support_tickets" USING btree ("updated_at")
  WHERE "targets_computed_at" IS NULL OR "targets_computed_at" < "updated_at";--> statement-breakpoint
-- The job's warnings look for running targets due within half an hour and not yet warned about:
-- these hold only those (a few hundred on a desk of 100,000 tickets), not every ticket's row.
CREATE INDEX "support_ticket_targets_first_response_warning_idx" ON "support_ticket_targets" USING btree ("first_response_due_at")
  WHERE "first_response_due_at" IS NOT NULL AND "first_response_warned_at" IS NULL;--> statement-breakpoint
CREATE INDEX "support_ticket_targets_resolution_warning_idx" ON "support_ticket_targets" USING btree ("resolution_due_at")
  WHERE "resolution_due_at" IS NOT NULL AND "resolution_warned_at" IS NULL;
--> statement-breakpoint
-- The queue's "target missed" and "due within the hour" filters: only a new or open ticket has a
-- running target (waiting on the client pauses both; resolved and closed have met them), so the
-- filters also ask for those statuses and walk this index, the few hundred tickets still to do in
-- the lists' order, instead of every ticket joined with its targets (PGlite, which gathers no
-- statistics, merge-joined all 100,000 of each for the count).
CREATE INDEX "support_tickets_running_recent_idx" ON "support_tickets" USING btree ("updated_at","number")
  WHERE "status" IN ('new', 'open');
