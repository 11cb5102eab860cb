-- Client organisations (docs/accounts.md#organisations, ADR 028): a business or a household, with
-- people in it, each in one role. Client records (billing documents, contracts, consultation
-- requests and their appointments) belong to an organisation; every existing client becomes an
-- organisation of one, its owner, and takes its records along.
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"phone" text,
	"street_address" text,
	"town" text,
	"state" text,
	"postal_code" text,
	"billing_email" text,
	"staff_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_kind_check" CHECK ("organisations"."kind" in ('business', 'household')),
	CONSTRAINT "organisations_state_check" CHECK ("organisations"."state" is null or "organisations"."state" in ('NY', 'NJ')),
	CONSTRAINT "organisations_name_check" CHECK (length(trim("organisations"."name")) > 0),
	CONSTRAINT "organisations_billing_email_lowercase" CHECK ("organisations"."billing_email" = lower("organisations"."billing_email"))
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_role_check" CHECK ("organisation_members"."role" in ('owner', 'billing', 'member'))
);
--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_person_id_client_onboarding_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."client_onboarding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_members_organisation_idx" ON "organisation_members" USING btree ("organisation_id","role");--> statement-breakpoint
CREATE INDEX "organisations_name_idx" ON "organisations" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_documents_organisation_idx" ON "billing_documents" USING btree ("organisation_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_organisation_idx" ON "contracts" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_organisation_idx" ON "bookings" USING btree ("organisation_id","received_at") WHERE "bookings"."organisation_id" is not null;--> statement-breakpoint
-- The one rule that makes an organisation of one for a client: a business named after the
-- person's company when they gave one, otherwise a household named after them; they are its owner.
-- Used below for every existing client, and afterwards for each new one (the trigger further down).
CREATE FUNCTION organisation_of_one(person uuid) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  found uuid;
  created uuid;
BEGIN
  SELECT organisation_id INTO found FROM organisation_members WHERE person_id = person;
  IF found IS NOT NULL THEN
    RETURN found;
  END IF;
  INSERT INTO organisations (name, kind, phone, created_at)
    SELECT coalesce(nullif(trim(p.company_name), ''), nullif(trim(p.full_name), ''), p.email),
           CASE WHEN nullif(trim(p.company_name), '') IS NULL THEN 'household' ELSE 'business' END,
           p.phone, p.created_at
      FROM client_onboarding p WHERE p.id = person AND p.role = 'client'
    RETURNING id INTO created;
  IF created IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO organisation_members (person_id, organisation_id, role, joined_at)
    SELECT person, created, 'owner', p.created_at FROM client_onboarding p WHERE p.id = person;
  RETURN created;
END
$$;--> statement-breakpoint
SELECT organisation_of_one(id) FROM client_onboarding WHERE role = 'client' ORDER BY created_at, id;--> statement-breakpoint
-- A sent contract stays as it was signed, but it may change hands between organisations (a merge of
-- an organisation created twice): a change of organisation_id alone is let through at any status.
CREATE OR REPLACE FUNCTION contracts_keep_record() RETURNS trigger AS $$
DECLARE
  moved contracts%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'contract % was sent and cannot be deleted', OLD.number USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND NEW.organisation_id IS DISTINCT FROM OLD.organisation_id THEN
    moved := NEW;
    moved.organisation_id := OLD.organisation_id;
    IF moved IS DISTINCT FROM OLD THEN
      RAISE EXCEPTION 'contract % moves to another organisation unchanged, or not at all', OLD.number USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
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
$$ LANGUAGE plpgsql;--> statement-breakpoint
UPDATE "billing_documents" d SET "organisation_id" = m."organisation_id"
  FROM "organisation_members" m WHERE m."person_id" = d."client_id";--> statement-breakpoint
UPDATE "contracts" c SET "organisation_id" = m."organisation_id"
  FROM "organisation_members" m WHERE m."person_id" = c."client_id";--> statement-breakpoint
-- A consultation request is a client's when it was sent signed in to a client account, otherwise
-- when a client account claimed it through its confirmation link (docs/booking.md).
UPDATE "bookings" b SET "organisation_id" = coalesce(
    (SELECT m."organisation_id" FROM "user" u JOIN "client_onboarding" p ON p."email" = lower(u."email")
       JOIN "organisation_members" m ON m."person_id" = p."id" WHERE u."id" = b."submitted_by_user_id"),
    (SELECT m."organisation_id" FROM "user" u JOIN "client_onboarding" p ON p."email" = lower(u."email")
       JOIN "organisation_members" m ON m."person_id" = p."id" WHERE u."id" = b."claimed_by_user_id"))
  WHERE b."form_type" = 'consultation' AND (b."submitted_by_user_id" IS NOT NULL OR b."claimed_by_user_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_organisation_check" CHECK ("billing_documents"."organisation_id" is not null);--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organisation_check" CHECK ("contracts"."organisation_id" is not null);--> statement-breakpoint
-- Every client belongs to an organisation: a client without one when its transaction commits (a
-- sign-up, an invitation by staff) gets an organisation of one. Deferred, so that a transaction
-- that puts a new person straight into an organisation (an owner's invitation) creates none.
CREATE FUNCTION client_onboarding_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organisation_of_one(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER client_onboarding_organisation AFTER INSERT OR UPDATE OF role ON client_onboarding
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.role = 'client')
  EXECUTE FUNCTION client_onboarding_organisation();--> statement-breakpoint
-- While every form and service still names the client person (client_id), the organisation of a
-- new or re-addressed billing document or contract is the person's: filled here, in one place, for
-- every path that writes one. A write that names its organisation keeps it.
CREATE FUNCTION client_record_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.organisation_id IS NULL
      OR TG_OP = 'UPDATE' AND NEW.client_id IS DISTINCT FROM OLD.client_id
        AND NEW.organisation_id IS NOT DISTINCT FROM OLD.organisation_id THEN
    NEW.organisation_id := organisation_of_one(NEW.client_id);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER billing_documents_organisation BEFORE INSERT OR UPDATE OF client_id ON billing_documents
  FOR EACH ROW EXECUTE FUNCTION client_record_organisation();--> statement-breakpoint
CREATE TRIGGER contracts_organisation BEFORE INSERT OR UPDATE OF client_id ON contracts
  FOR EACH ROW EXECUTE FUNCTION client_record_organisation();--> statement-breakpoint
-- A consultation request joins the organisation of the client account that sent it signed in, or
-- else of the one that claims it; a request nobody's, or a staff member's, belongs to none.
CREATE FUNCTION booking_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.organisation_id := coalesce(
    (SELECT m.organisation_id FROM "user" u JOIN client_onboarding p ON p.email = lower(u.email)
       JOIN organisation_members m ON m.person_id = p.id WHERE u.id = NEW.submitted_by_user_id),
    (SELECT m.organisation_id FROM "user" u JOIN client_onboarding p ON p.email = lower(u.email)
       JOIN organisation_members m ON m.person_id = p.id WHERE u.id = NEW.claimed_by_user_id));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER bookings_organisation BEFORE INSERT OR UPDATE OF submitted_by_user_id, claimed_by_user_id ON bookings
  FOR EACH ROW WHEN (NEW.form_type = 'consultation' AND NEW.organisation_id IS NULL
    AND (NEW.submitted_by_user_id IS NOT NULL OR NEW.claimed_by_user_id IS NOT NULL))
  EXECUTE FUNCTION booking_organisation();
