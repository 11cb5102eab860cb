-- Subscriptions to the price list's plans and the monthly run that bills them (docs/billing.md#plans-and-the-monthly-run).
-- subscription_periods' unique key is the one-invoice-per-subscription-and-period rule.
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"seats" integer,
	"price_cents" integer,
	"start_on" date NOT NULL,
	"billing_day" integer NOT NULL,
	"bills_from" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_at" date,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "subscriptions_plan_check" CHECK ("subscriptions"."plan" in ('basic', 'full', 'subscription', 'custom', 'hourly')),
	CONSTRAINT "subscriptions_terms_check" CHECK (("subscriptions"."plan" in ('basic', 'full')) = ("subscriptions"."seats" is not null)
        and ("subscriptions"."plan" in ('subscription', 'custom')) = ("subscriptions"."price_cents" is not null)
        and ("subscriptions"."seats" is null or "subscriptions"."seats" between 1 and 10000)
        and ("subscriptions"."price_cents" is null or "subscriptions"."price_cents" > 0)
        and ("subscriptions"."plan" <> 'subscription' or "subscriptions"."price_cents" between 2900 and 9900)
        and "subscriptions"."billing_day" between 1 and 28 and "subscriptions"."bills_from" >= "subscriptions"."start_on" and "subscriptions"."credit_cents" >= 0),
	CONSTRAINT "subscriptions_cancel_check" CHECK (("subscriptions"."status" = 'cancelled') = ("subscriptions"."cancel_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "subscription_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"effective_on" date NOT NULL,
	"seats_delta" integer NOT NULL,
	"seats_after" integer NOT NULL,
	"after_invoice" boolean DEFAULT false NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_changes_seats_check" CHECK ("subscription_changes"."seats_delta" <> 0 and "subscription_changes"."seats_after" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "subscription_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"invoice_id" uuid,
	"run_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_periods_once" UNIQUE("subscription_id","period_start"),
	CONSTRAINT "subscription_periods_invoice_key" UNIQUE("invoice_id"),
	CONSTRAINT "subscription_periods_dates_check" CHECK ("subscription_periods"."period_end" >= "subscription_periods"."period_start")
);
--> statement-breakpoint
CREATE TABLE "subscription_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_date" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"issued" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_invoice_id_billing_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_organisation_idx" ON "subscriptions" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status","bills_from");--> statement-breakpoint
CREATE INDEX "subscription_changes_subscription_idx" ON "subscription_changes" USING btree ("subscription_id","effective_on");--> statement-breakpoint
CREATE INDEX "subscription_runs_started_idx" ON "subscription_runs" USING btree ("started_at" DESC NULLS LAST);
