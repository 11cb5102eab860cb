-- The backups the site took or tried (docs/backups.md): the sync-status page reads the last good one
-- and the last failure from here.
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"outcome" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file" text,
	"bytes" bigint,
	"error" text,
	CONSTRAINT "backup_runs_trigger_check" CHECK ("backup_runs"."trigger" in ('nightly', 'manual', 'upgrade')),
	CONSTRAINT "backup_runs_outcome_check" CHECK ("backup_runs"."outcome" in ('written', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_finished_idx" ON "backup_runs" USING btree ("finished_at");
