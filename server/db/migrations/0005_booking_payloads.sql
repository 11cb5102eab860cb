CREATE TABLE "booking_payloads" (
	"payload_hash" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "bookings_payload_hash_received_at_idx";--> statement-breakpoint
ALTER TABLE "booking_payloads" ADD CONSTRAINT "booking_payloads_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Requests stored in the last minute keep their idempotency window across the upgrade.
INSERT INTO "booking_payloads" ("payload_hash", "booking_id", "received_at")
SELECT DISTINCT ON ("payload_hash") "payload_hash", "id", "received_at" FROM "bookings"
WHERE "received_at" > now() - interval '60 seconds'
ORDER BY "payload_hash", "received_at" DESC;
