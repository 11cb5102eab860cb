CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "contract_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_name" text NOT NULL,
	"actor_email" text NOT NULL,
	"actor_user_id" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"text_sha256" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "contract_events_kind_check" CHECK ("contract_events"."kind" in ('created', 'sent', 'viewed', 'signed', 'countersigned', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "contract_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"sha256" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_files_sha256_unique" UNIQUE("sha256"),
	CONSTRAINT "contract_files_stage_check" CHECK ("contract_files"."stage" in ('signed', 'countersigned'))
);
--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"updated_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_templates_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"template_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"expires_on" date NOT NULL,
	"fields" jsonb NOT NULL,
	"text_sha256" text,
	"issuer" jsonb,
	"party" jsonb,
	"sent_at" timestamp with time zone,
	"sent_by_email" text,
	"viewed_at" timestamp with time zone,
	"signer_name" text,
	"signer_email" text,
	"signer_user_id" text,
	"signed_at" timestamp with time zone,
	"signer_ip" text,
	"signer_user_agent" text,
	"signed_sha256" text,
	"consent_text" text,
	"countersigner_name" text,
	"countersigner_email" text,
	"countersigner_user_id" text,
	"countersigned_at" timestamp with time zone,
	"countersigner_ip" text,
	"countersigner_user_agent" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"withdrawn_at" timestamp with time zone,
	"withdraw_reason" text,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_number_unique" UNIQUE("number"),
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('draft', 'sent', 'viewed', 'signed', 'countersigned', 'declined', 'withdrawn')),
	CONSTRAINT "contracts_sent_check" CHECK (("contracts"."status" = 'draft') = ("contracts"."number" is null) and ("contracts"."status" = 'draft') = ("contracts"."text_sha256" is null)
        and ("contracts"."status" = 'draft') = ("contracts"."sent_at" is null)
        and ("contracts"."status" = 'draft' or ("contracts"."issuer" is not null and "contracts"."party" is not null))),
	CONSTRAINT "contracts_signed_check" CHECK (("contracts"."status" in ('signed', 'countersigned')) = ("contracts"."signed_at" is not null)
        and ("contracts"."signed_at" is null or ("contracts"."signer_name" is not null and "contracts"."signer_email" is not null
          and "contracts"."signer_user_id" is not null and "contracts"."signer_ip" is not null and "contracts"."signer_user_agent" is not null
          and "contracts"."consent_text" is not null and "contracts"."signed_sha256" = "contracts"."text_sha256"))),
	CONSTRAINT "contracts_countersigned_check" CHECK (("contracts"."status" = 'countersigned') = ("contracts"."countersigned_at" is not null)
        and ("contracts"."countersigned_at" is null or ("contracts"."countersigner_name" is not null and "contracts"."countersigner_email" is not null
          and "contracts"."countersigner_user_id" is not null and "contracts"."countersigner_ip" is not null))),
	CONSTRAINT "contracts_declined_check" CHECK (("contracts"."status" = 'declined') = ("contracts"."declined_at" is not null)),
	CONSTRAINT "contracts_withdrawn_check" CHECK (("contracts"."status" = 'withdrawn') = ("contracts"."withdrawn_at" is not null and "contracts"."withdraw_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_id_client_onboarding_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client_onboarding"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_template_id_contract_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."contract_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("contract_id","seq");--> statement-breakpoint
CREATE INDEX "contract_files_contract_idx" ON "contract_files" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contracts_client_idx" ON "contracts" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- A sent contract's text never changes, and once signed, nothing about the text or the signatures
-- can change: enforced here, not only in code. Allowed after signing: the countersignature, given
-- once (status signed → countersigned with its own columns, updated_at). Nothing changes after
-- countersigning, declining or withdrawing.
CREATE OR REPLACE FUNCTION contracts_keep_record() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'contract % was sent and cannot be deleted', OLD.number USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND (NEW.body, NEW.title, NEW.text_sha256, NEW.number, NEW.client_id, NEW.issuer, NEW.party,
      NEW.sent_at, NEW.sent_by_email, NEW.expires_on, NEW.fields, NEW.created_at, NEW.created_by_email)
    IS DISTINCT FROM (OLD.body, OLD.title, OLD.text_sha256, OLD.number, OLD.client_id, OLD.issuer, OLD.party,
      OLD.sent_at, OLD.sent_by_email, OLD.expires_on, OLD.fields, OLD.created_at, OLD.created_by_email) THEN
    RAISE EXCEPTION 'contract % was sent: its text and terms cannot change', OLD.number USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status IN ('countersigned', 'declined', 'withdrawn') AND NEW IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'contract % is %: it cannot change', OLD.number, OLD.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status = 'signed' AND (
      NEW.status <> 'countersigned'
      OR (NEW.signer_name, NEW.signer_email, NEW.signer_user_id, NEW.signed_at, NEW.signer_ip, NEW.signer_user_agent,
          NEW.signed_sha256, NEW.consent_text, NEW.viewed_at, NEW.declined_at, NEW.decline_reason, NEW.withdrawn_at,
          NEW.withdraw_reason, NEW.template_id, NEW.id)
        IS DISTINCT FROM (OLD.signer_name, OLD.signer_email, OLD.signer_user_id, OLD.signed_at, OLD.signer_ip,
          OLD.signer_user_agent, OLD.signed_sha256, OLD.consent_text, OLD.viewed_at, OLD.declined_at, OLD.decline_reason,
          OLD.withdrawn_at, OLD.withdraw_reason, OLD.template_id, OLD.id)) THEN
    RAISE EXCEPTION 'contract % is signed: only its countersignature can be added', OLD.number USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contracts_keep_record BEFORE UPDATE OR DELETE ON contracts
  FOR EACH ROW EXECUTE FUNCTION contracts_keep_record();
--> statement-breakpoint
-- The trail and the issued PDFs are only ever added to (a draft's "created" event goes with the draft).
CREATE OR REPLACE FUNCTION contracts_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'contract_events' AND OLD.kind = 'created'
      AND NOT EXISTS (SELECT 1 FROM contracts WHERE id = OLD.contract_id AND status <> 'draft') THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% rows are never changed or deleted', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contract_events_append_only BEFORE UPDATE OR DELETE ON contract_events
  FOR EACH ROW EXECUTE FUNCTION contracts_append_only();
--> statement-breakpoint
CREATE TRIGGER contract_files_append_only BEFORE UPDATE OR DELETE ON contract_files
  FOR EACH ROW EXECUTE FUNCTION contracts_append_only();
