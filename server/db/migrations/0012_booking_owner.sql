ALTER TABLE "bookings" ADD COLUMN "submitted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "claimed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "claim_token_hash" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_submitted_by_user_id_user_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_claimed_by_user_id_user_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_submitted_by_user_id_idx" ON "bookings" USING btree ("submitted_by_user_id");--> statement-breakpoint
CREATE INDEX "bookings_claimed_by_user_id_idx" ON "bookings" USING btree ("claimed_by_user_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_claim_token_hash_key" UNIQUE("claim_token_hash");