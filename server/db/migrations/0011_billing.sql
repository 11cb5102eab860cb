CREATE TABLE "billing_document_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity_milli" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "billing_document_lines_position_key" UNIQUE("document_id","position"),
	CONSTRAINT "billing_document_lines_money_check" CHECK ("billing_document_lines"."quantity_milli" > 0 and "billing_document_lines"."unit_price_cents" >= 0 and "billing_document_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"client_id" uuid NOT NULL,
	"number" text,
	"issued_on" date,
	"due_on" date,
	"expires_on" date,
	"tax_rate_milli_percent" integer DEFAULT 0 NOT NULL,
	"tax_label" text,
	"notes" text,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"taxable_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"amount_paid_cents" integer DEFAULT 0 NOT NULL,
	"issuer" jsonb,
	"bill_to" jsonb,
	"payment_instructions" text,
	"source_document_id" uuid,
	"sent_at" timestamp with time zone,
	"sent_by_email" text,
	"viewed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"paid_at" timestamp with time zone,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_on" date,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "billing_documents_kind_status_check" CHECK (("billing_documents"."kind" = 'estimate' and "billing_documents"."status" in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'converted', 'void'))
        or ("billing_documents"."kind" = 'invoice' and "billing_documents"."status" in ('draft', 'sent', 'viewed', 'partially_paid', 'paid', 'void'))
        or ("billing_documents"."kind" = 'receipt' and "billing_documents"."status" = 'issued')),
	CONSTRAINT "billing_documents_number_check" CHECK (("billing_documents"."status" = 'draft') = ("billing_documents"."number" is null) and ("billing_documents"."status" = 'draft') = ("billing_documents"."issued_on" is null)
        and ("billing_documents"."status" = 'draft' or ("billing_documents"."issuer" is not null and "billing_documents"."bill_to" is not null))),
	CONSTRAINT "billing_documents_dates_check" CHECK (("billing_documents"."kind" = 'invoice' or "billing_documents"."due_on" is null) and ("billing_documents"."kind" = 'estimate' or "billing_documents"."expires_on" is null)),
	CONSTRAINT "billing_documents_money_check" CHECK ("billing_documents"."subtotal_cents" >= 0 and "billing_documents"."taxable_cents" between 0 and "billing_documents"."subtotal_cents" and "billing_documents"."tax_cents" >= 0
        and "billing_documents"."total_cents" = "billing_documents"."subtotal_cents" + "billing_documents"."tax_cents"
        and "billing_documents"."amount_paid_cents" between 0 and "billing_documents"."total_cents"
        and "billing_documents"."tax_rate_milli_percent" between 0 and 25000),
	CONSTRAINT "billing_documents_paid_check" CHECK ("billing_documents"."kind" <> 'invoice'
        or ("billing_documents"."status" = 'paid') = ("billing_documents"."amount_paid_cents" = "billing_documents"."total_cents" and "billing_documents"."amount_paid_cents" > 0)
        and ("billing_documents"."status" = 'partially_paid') = ("billing_documents"."amount_paid_cents" > 0 and "billing_documents"."amount_paid_cents" < "billing_documents"."total_cents")),
	CONSTRAINT "billing_documents_reminders_check" CHECK ("billing_documents"."reminders_sent" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "billing_number_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "billing_number_counters_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "billing_number_counters_positive" CHECK ("billing_number_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"received_on" date NOT NULL,
	"reference" text,
	"balance_after_cents" integer NOT NULL,
	"recorded_by_user_id" text NOT NULL,
	"recorded_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_receipt_id_unique" UNIQUE("receipt_id"),
	CONSTRAINT "billing_payments_amount_check" CHECK ("billing_payments"."amount_cents" > 0 and "billing_payments"."balance_after_cents" >= 0),
	CONSTRAINT "billing_payments_method_check" CHECK ("billing_payments"."method" in ('check', 'ach', 'card_in_person', 'cash'))
);
--> statement-breakpoint
ALTER TABLE "billing_document_lines" ADD CONSTRAINT "billing_document_lines_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_client_id_client_onboarding_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client_onboarding"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_source_document_id_billing_documents_id_fk" FOREIGN KEY ("source_document_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_invoice_id_billing_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_receipt_id_billing_documents_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_documents_client_idx" ON "billing_documents" USING btree ("client_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billing_documents_created_idx" ON "billing_documents" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billing_documents_kind_status_idx" ON "billing_documents" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "billing_documents_source_idx" ON "billing_documents" USING btree ("source_document_id");--> statement-breakpoint
CREATE INDEX "billing_documents_reminders_idx" ON "billing_documents" USING btree ("due_on") WHERE "billing_documents"."kind" = 'invoice' and "billing_documents"."reminders_enabled" and "billing_documents"."status" in ('sent', 'viewed', 'partially_paid');--> statement-breakpoint
CREATE INDEX "billing_payments_invoice_idx" ON "billing_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "billing_payments_received_idx" ON "billing_payments" USING btree ("received_on");