-- Online payments through the payment provider (docs/billing.md#online-payments): checkouts and
-- autopay charges, their refunds, every webhook event as received, each organisation's saved method
-- and autopay switch; two more payment methods for what the provider confirms.
ALTER TABLE "billing_payments" DROP CONSTRAINT "billing_payments_method_check";--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_method_check" CHECK ("billing_payments"."method" in ('check', 'ach', 'card_in_person', 'cash', 'card_online', 'bank_online'));--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"charge_id" text,
	"method_kind" text,
	"amount_cents" integer NOT NULL,
	"pending_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"failure_reason" text,
	"autopay" boolean DEFAULT false NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"payment_id" uuid,
	"started_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payments_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "online_payments_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "online_payments_status_check" CHECK ("online_payments"."status" in ('started', 'pending', 'succeeded', 'failed', 'refunded', 'partially_refunded')),
	CONSTRAINT "online_payments_method_kind_check" CHECK ("online_payments"."method_kind" in ('card', 'us_bank_account')),
	CONSTRAINT "online_payments_amounts_check" CHECK ("online_payments"."amount_cents" > 0 and "online_payments"."pending_cents" >= 0 and "online_payments"."pending_cents" <= "online_payments"."amount_cents" and "online_payments"."refunded_cents" >= 0 and "online_payments"."refunded_cents" <= "online_payments"."amount_cents"),
	CONSTRAINT "online_payments_pending_check" CHECK ("online_payments"."pending_cents" = 0 or "online_payments"."status" = 'pending')
);
--> statement-breakpoint
CREATE TABLE "online_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"online_payment_id" uuid NOT NULL,
	"provider_refund_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"refunded_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "online_refunds_amount_check" CHECK ("online_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "payment_events_event_unique" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "autopay_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text,
	"method_kind" text,
	"method_label" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_settings_method_kind_check" CHECK ("autopay_settings"."method_kind" in ('card', 'us_bank_account')),
	CONSTRAINT "autopay_settings_enabled_check" CHECK (not "autopay_settings"."enabled" or "autopay_settings"."payment_method_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_invoice_id_billing_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_refunds" ADD CONSTRAINT "online_refunds_online_payment_id_online_payments_id_fk" FOREIGN KEY ("online_payment_id") REFERENCES "public"."online_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_settings" ADD CONSTRAINT "autopay_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_payments_invoice_idx" ON "online_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "online_payments_status_idx" ON "online_payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "online_refunds_payment_idx" ON "online_refunds" USING btree ("online_payment_id");
