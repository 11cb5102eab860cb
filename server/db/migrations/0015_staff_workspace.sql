CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"body" text,
	"mail_id" uuid,
	CONSTRAINT "booking_events_kind_check" CHECK ("booking_events"."kind" in ('status', 'assign', 'note', 'schedule', 'cancel'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "status_changed_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "assignee_user_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "assignee_email" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "appointment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "appointment_minutes" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "appointment_place" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "appointment_details" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "appointment_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_onboarding" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_onboarding" ADD COLUMN "disabled_by" text;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_email","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_status_received_idx" ON "bookings" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "client_onboarding_created_idx" ON "client_onboarding" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('new', 'contacted', 'scheduled', 'completed', 'not_a_fit', 'spam'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_appointment_check" CHECK ("bookings"."appointment_at" is null or ("bookings"."appointment_minutes" between 30 and 60 and "bookings"."appointment_place" in ('on_site', 'phone', 'video')));--> statement-breakpoint
-- The audit log is append-only in the database itself: no role the application uses can change or
-- remove an entry. TRUNCATE (the owner's, e.g. a test resetting its database) is not a row change.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
