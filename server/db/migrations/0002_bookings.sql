CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"form_type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"employees" integer,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"plan" text,
	"message" text,
	"source" text,
	"client_timestamp" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip_hash" text NOT NULL,
	"payload_hash" text NOT NULL,
	"notification_mail_id" uuid,
	"confirmation_mail_id" uuid,
	CONSTRAINT "bookings_form_type_check" CHECK ("bookings"."form_type" in ('consultation', 'contact')),
	CONSTRAINT "bookings_employees_check" CHECK ("bookings"."employees" is null or "bookings"."employees" >= 1),
	CONSTRAINT "bookings_name_check" CHECK (length(trim("bookings"."name")) > 0),
	CONSTRAINT "bookings_consultation_fields_check" CHECK ("bookings"."form_type" <> 'consultation' or ("bookings"."first_name" is not null and "bookings"."last_name" is not null and "bookings"."phone" is not null))
);
--> statement-breakpoint
CREATE TABLE "intake_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bookings_payload_hash_received_at_idx" ON "bookings" USING btree ("payload_hash","received_at");--> statement-breakpoint
CREATE INDEX "bookings_received_at_idx" ON "bookings" USING btree ("received_at");