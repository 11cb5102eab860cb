import { type SQL, sql } from 'drizzle-orm'
import { type AuditAction, type AuditSubjectKind, auditActions } from '../../app/features/staff/audit-actions.ts'

/**
 * What an audit entry is about, in the words staff search by (docs/audit-log.md): the person's
 * e-mail, the document's number and its client, the request's reference and sender, the post's
 * title. Looked up in the same statement that writes the entry, from the record as the change left
 * it; when the change deleted the record, from the entry's own details (which name it).
 * Migration 0018 filled the entries written before this column with the same rules.
 */

/** The client's e-mail of a record that names `client_id` (onboarding id) in its details. */
const clientEmailOf = (clientId: SQL) => sql`(select o.email from client_onboarding o where o.id::text = ${clientId})`

// The separators as SQL literals made outside the templates: a template's text is kept as written in
// the server bundle, where a non-ASCII character would make the whole file two bytes per character
// to read at every start; a string is escaped (docs/perf/boot.md).
const dot = sql.raw("' · '")
const arrow = sql.raw("' → '")

const lookups: Record<AuditSubjectKind, (id: string, details: SQL) => SQL> = {
  account: (id, d) => sql`coalesce((select o.email from client_onboarding o where o.id::text = ${id}), ${d}->>'email')`,
  user: (id, d) => sql`coalesce((select u.email from "user" u where u.id::text = ${id}), ${d}->>'email')`,
  request: (id, d) =>
    sql`coalesce((select upper(left(b.id::text, 8)) || ${dot} || b.email from bookings b where b.id::text = ${id}), ${d}->>'reference')`,
  billing_document: (id, d) => sql`coalesce(
      (select concat_ws(${dot}, coalesce(doc.number, 'draft ' || doc.kind), o.email)
        from billing_documents doc join client_onboarding o on o.id = doc.client_id where doc.id::text = ${id}),
      nullif(concat_ws(${dot}, coalesce(${d}->>'number', 'draft ' || (${d}->>'kind')), ${clientEmailOf(sql`${d}->>'clientId'`)}), ''))`,
  contract: (id, d) => sql`coalesce(
      (select concat_ws(${dot}, coalesce(c.number, 'draft'), c.title, o.email)
        from contracts c join client_onboarding o on o.id = c.client_id where c.id::text = ${id}),
      nullif(concat_ws(${dot}, coalesce(${d}->>'number', 'draft'), ${d}->>'title', ${clientEmailOf(sql`${d}->>'clientId'`)}), ''))`,
  contract_template: (id, d) =>
    sql`coalesce((select t.title from contract_templates t where t.id::text = ${id}), ${d}->>'title')`,
  blog_post: (id, d) =>
    sql`coalesce((select p.title || ${dot} || '/blog/' || p.slug from blog_posts p where p.id::text = ${id}), (${d}->>'title') || ${dot} || '/blog/' || (${d}->>'slug'))`,
  location: (id, d) =>
    sql`coalesce((select l.town || ${dot} || '/' || l.slug from locations l where l.id::text = ${id}), (${d}->>'town') || ${dot} || '/' || (${d}->>'slug'))`,
  redirect: (_id, d) => sql`(${d}->>'fromPath') || ${arrow} || (${d}->>'toPath')`,
  mail: (_id, d) => sql`nullif(concat_ws(${dot},
      case when jsonb_typeof(${d}->'to') = 'array' then (select string_agg(value, ', ') from jsonb_array_elements_text(${d}->'to')) end,
      ${d}->>'subject'), '')`,
  organisation: (id, d) =>
    sql`coalesce((select org.name from organisations org where org.id::text = ${id}), ${d}->>'name')`,
  ticket: (id, d) => sql`coalesce(
      (select 'T-' || lpad(t.number::text, 6, '0') || ${dot} || t.subject from support_tickets t where t.id::text = ${id}),
      nullif(concat_ws(${dot}, ${d}->>'number', ${d}->>'subject'), ''))`,
  support_mail: (id, d) => sql`coalesce(
      (select concat_ws(${dot}, m.from_address, m.subject) from support_inbound_messages m where m.id::text = ${id}),
      nullif(concat_ws(${dot}, ${d}->>'from', ${d}->>'subject'), ''))`,
  retention: () => sql`null`,
  subscription: (id, d) => sql`coalesce(
      (select org.name || ${dot} || s.plan from subscriptions s join organisations org on org.id = s.organisation_id where s.id::text = ${id}),
      nullif(concat_ws(${dot}, ${d}->>'organisation', ${d}->>'plan'), ''))`,
}

/** The SQL that names an entry's subject, for the `subject_name` column of its insert. */
export function subjectNameOf(action: AuditAction, subjectId: string, details: Record<string, unknown>): SQL {
  const d = sql`${JSON.stringify(details)}::jsonb`
  return lookups[auditActions[action].subject](subjectId, d)
}
