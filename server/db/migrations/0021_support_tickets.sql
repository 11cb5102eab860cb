-- Support tickets (docs/support.md, issue 26): a client organisation's requests for help, their
-- threads (public replies and staff's internal notes), the people copied, attachments (in the
-- database, so several app servers share them) and the history the targets' clock reads.
CREATE SEQUENCE "public"."support_ticket_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer DEFAULT nextval('support_ticket_number_seq') NOT NULL,
	"organisation_id" uuid NOT NULL,
	"requester_user_id" uuid,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assignee_user_id" uuid,
	"reply_token" text NOT NULL,
	"merged_into_ticket_id" uuid,
	"previous_ticket_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_responded_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"time_spent_minutes" integer DEFAULT 0 NOT NULL,
	"rating" text,
	"rating_comment" text,
	"rated_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "support_tickets_number_unique" UNIQUE("number"),
	CONSTRAINT "support_tickets_reply_token_unique" UNIQUE("reply_token"),
	CONSTRAINT "support_tickets_category_check" CHECK ("support_tickets"."category" in ('managed_it', 'cybersecurity', 'network', 'cloud', 'project', 'specialty', 'residential')),
	CONSTRAINT "support_tickets_priority_check" CHECK ("support_tickets"."priority" in ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('new', 'open', 'waiting_on_client', 'resolved', 'closed')),
	CONSTRAINT "support_tickets_rating_check" CHECK ("support_tickets"."rating" is null or "support_tickets"."rating" in ('good', 'bad')),
	CONSTRAINT "support_tickets_subject_check" CHECK (length(trim("support_tickets"."subject")) between 1 and 200),
	CONSTRAINT "support_tickets_reply_token_check" CHECK ("support_tickets"."reply_token" ~ '^[a-z2-7]{32}$'),
	CONSTRAINT "support_tickets_time_check" CHECK ("support_tickets"."time_spent_minutes" >= 0),
	CONSTRAINT "support_tickets_merged_check" CHECK ("support_tickets"."merged_into_ticket_id" is null or "support_tickets"."merged_into_ticket_id" <> "support_tickets"."id")
);
--> statement-breakpoint
ALTER SEQUENCE "support_ticket_number_seq" OWNED BY "support_tickets"."number";--> statement-breakpoint
CREATE TABLE "support_ticket_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_user_id" uuid,
	"author_kind" text NOT NULL,
	"author_email" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"body" text NOT NULL,
	"source" text NOT NULL,
	"email_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_messages_email_message_id_unique" UNIQUE("email_message_id"),
	CONSTRAINT "support_ticket_messages_author_kind_check" CHECK ("support_ticket_messages"."author_kind" in ('client', 'staff', 'system', 'email_unknown')),
	CONSTRAINT "support_ticket_messages_visibility_check" CHECK ("support_ticket_messages"."visibility" in ('public', 'internal')),
	CONSTRAINT "support_ticket_messages_source_check" CHECK ("support_ticket_messages"."source" in ('portal', 'email', 'staff')),
	CONSTRAINT "support_ticket_messages_internal_check" CHECK ("support_ticket_messages"."visibility" = 'public' or "support_ticket_messages"."author_kind" in ('staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "support_ticket_participants" (
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_participants_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "support_ticket_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_attachments_size_check" CHECK ("support_ticket_attachments"."size" between 0 and 10485760)
);
--> statement-breakpoint
CREATE TABLE "support_ticket_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_ticket_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_events_kind_check" CHECK ("support_ticket_events"."kind" in ('opened', 'status', 'priority', 'assignee', 'time', 'merge', 'rating', 'reopened', 'participant', 'follow_up'))
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_requester_user_id_user_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_user_id_user_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_merged_into_ticket_id_support_tickets_id_fk" FOREIGN KEY ("merged_into_ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_previous_ticket_id_support_tickets_id_fk" FOREIGN KEY ("previous_ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_participants" ADD CONSTRAINT "support_ticket_participants_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_participants" ADD CONSTRAINT "support_ticket_participants_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ADD CONSTRAINT "support_ticket_attachments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ADD CONSTRAINT "support_ticket_attachments_message_id_support_ticket_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_ticket_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_events" ADD CONSTRAINT "support_ticket_events_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_events" ADD CONSTRAINT "support_ticket_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_organisation_idx" ON "support_tickets" USING btree ("organisation_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_requester_idx" ON "support_tickets" USING btree ("requester_user_id");--> statement-breakpoint
CREATE INDEX "support_tickets_queue_idx" ON "support_tickets" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_assignee_idx" ON "support_tickets" USING btree ("assignee_user_id","status");--> statement-breakpoint
CREATE INDEX "support_ticket_messages_ticket_idx" ON "support_ticket_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_ticket_participants_user_idx" ON "support_ticket_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_ticket_attachments_message_idx" ON "support_ticket_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "support_ticket_attachments_ticket_idx" ON "support_ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "support_ticket_events_ticket_idx" ON "support_ticket_events" USING btree ("ticket_id","seq");--> statement-breakpoint
-- Every change of a ticket or its thread is announced on one channel with the ticket's id (the live
-- thread on both sides listens; NOTIFY is delivered at commit, to every app server).
CREATE FUNCTION support_ticket_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The column holding the ticket's id is the trigger's argument (id, or ticket_id).
  PERFORM pg_notify('support_ticket_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER support_tickets_notify AFTER INSERT OR UPDATE ON support_tickets
  FOR EACH ROW EXECUTE FUNCTION support_ticket_notify('id');--> statement-breakpoint
CREATE TRIGGER support_ticket_messages_notify AFTER INSERT ON support_ticket_messages
  FOR EACH ROW EXECUTE FUNCTION support_ticket_notify('ticket_id');
