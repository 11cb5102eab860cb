-- The support lists at 100,000 tickets (issue 26's benchmark; docs/support.md#performance).
-- The lists sort by `updated_at DESC, number DESC`, which is NULLS FIRST; the indexes of 0021 and
-- 0023 were `updated_at DESC NULLS LAST`, an order no list asks for, so PostgreSQL sorted every
-- ticket (with its joins) for each page. These are plain ascending indexes, read backwards, with
-- the number as the tie-breaker the lists sort by, so a page stops after its rows.
DROP INDEX IF EXISTS "support_tickets_updated_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "support_tickets_queue_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "support_tickets_organisation_idx";--> statement-breakpoint
CREATE INDEX "support_tickets_recent_idx" ON "support_tickets" USING btree ("updated_at","number");--> statement-breakpoint
CREATE INDEX "support_tickets_status_recent_idx" ON "support_tickets" USING btree ("status","updated_at","number");--> statement-breakpoint
CREATE INDEX "support_tickets_organisation_recent_idx" ON "support_tickets" USING btree ("organisation_id","updated_at","number");--> statement-breakpoint
-- The queue's search of subjects reads a trigram index, as the requests' does (ADR 023; pg_trgm is
-- created by 0016). fastupdate off: PGlite runs no vacuum to merge a pending list.
CREATE INDEX "support_tickets_subject_search_idx" ON "support_tickets" USING gin ("subject" gin_trgm_ops) WITH (fastupdate=false);
