-- The staff's search of requests reads a trigram index (docs/decisions/023-trigram-search.md).
-- pg_trgm is a trusted extension: a database owner may create it (PostgreSQL 13+); PGlite is given
-- it at every open (server/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "bookings_search_idx" ON "bookings" USING gin (("name" || chr(31) || "email" || chr(31) || coalesce("company", '') || chr(31) || coalesce("phone", '') || chr(31) || coalesce("message", '')) gin_trgm_ops) WITH (fastupdate=false);
