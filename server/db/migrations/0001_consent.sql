CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent_id" uuid NOT NULL,
	"necessary" boolean DEFAULT true NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"policy_version" integer NOT NULL,
	"action" text NOT NULL,
	"gpc" boolean NOT NULL,
	"ip_hash" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_records_consent_id_idx" ON "consent_records" USING btree ("consent_id");--> statement-breakpoint
CREATE INDEX "consent_records_recorded_at_idx" ON "consent_records" USING btree ("recorded_at");