-- Audit entries name what they are about in the words staff search by (docs/audit-log.md): the
-- person's e-mail, the document's number and its client, the request's reference and sender. New
-- entries get it as they are written (server/audit/subjects.server.ts); the entries already there are
-- filled below with the same rules, from the records they name or, for a deleted record, from their
-- own details. The append-only trigger is held for this one fill, in this migration's transaction.
ALTER TABLE "audit_log" ADD COLUMN "subject_name" text;--> statement-breakpoint
CREATE INDEX "audit_log_subject_name_idx" ON "audit_log" USING gin ("subject_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = coalesce(
  (select o.email from client_onboarding o where o.id::text = a.subject_id), a.details->>'email')
  WHERE a.action in ('account.approve', 'account.reject', 'account.invite_resend', 'account.invite_revoke',
    'account.verification_resend', 'account.role', 'account.disable', 'account.enable', 'account.end_sessions');--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = coalesce(
  (select u.email from "user" u where u.id::text = a.subject_id), a.details->>'email')
  WHERE a.action in ('account.invite', 'account.two_factor_reset');--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = coalesce(
  (select upper(left(b.id::text, 8)) || ' · ' || b.email from bookings b where b.id::text = a.subject_id),
  a.details->>'reference')
  WHERE a.action like 'request.%' or a.action = 'booking.claim';--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = coalesce(
  (select concat_ws(' · ', coalesce(doc.number, 'draft ' || doc.kind), o.email)
    from billing_documents doc join client_onboarding o on o.id = doc.client_id where doc.id::text = a.subject_id),
  nullif(concat_ws(' · ', coalesce(a.details->>'number', 'draft ' || (a.details->>'kind')),
    (select o.email from client_onboarding o where o.id::text = a.details->>'clientId')), ''))
  WHERE a.action like 'billing.%';--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = coalesce(
  (select concat_ws(' · ', coalesce(c.number, 'draft'), c.title, o.email)
    from contracts c join client_onboarding o on o.id = c.client_id where c.id::text = a.subject_id),
  nullif(concat_ws(' · ', coalesce(a.details->>'number', 'draft'), a.details->>'title',
    (select o.email from client_onboarding o where o.id::text = a.details->>'clientId')), ''))
  WHERE a.action like 'contract.%';--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = coalesce(
  (select t.title from contract_templates t where t.id::text = a.subject_id), a.details->>'title')
  WHERE a.action like 'contract\_template.%';--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = coalesce(
  (select p.title || ' · /blog/' || p.slug from blog_posts p where p.id::text = a.subject_id),
  (a.details->>'title') || ' · /blog/' || (a.details->>'slug'))
  WHERE a.action like 'blog.%';--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = coalesce(
  (select l.town || ' · /' || l.slug from locations l where l.id::text = a.subject_id),
  (a.details->>'town') || ' · /' || (a.details->>'slug'))
  WHERE a.action like 'location.%';--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = (a.details->>'fromPath') || ' → ' || (a.details->>'toPath')
  WHERE a.action = 'redirect.delete';--> statement-breakpoint
UPDATE "audit_log" a SET "subject_name" = nullif(concat_ws(' · ',
    case when jsonb_typeof(a.details->'to') = 'array'
      then (select string_agg(value, ', ') from jsonb_array_elements_text(a.details->'to')) end,
    a.details->>'subject'), '')
  WHERE a.action like 'mail.%';--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";
