CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path"),
	CONSTRAINT "redirects_not_to_itself" CHECK ("redirects"."from_path" <> "redirects"."to_path"),
	CONSTRAINT "redirects_local_paths" CHECK ("redirects"."from_path" ~ '^/[a-z0-9/-]+$' and "redirects"."to_path" ~ '^/[a-z0-9/-]+$')
);
--> statement-breakpoint
CREATE INDEX "redirects_to_path_idx" ON "redirects" USING btree ("to_path");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_slug_check" CHECK ("locations"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_state_check" CHECK ("locations"."state" in ('NY', 'NJ'));--> statement-breakpoint
-- Redirects are stored collapsed: a target is never another row's old address, and an old address
-- is never another row's target. That refuses chains (a → b → c) and, with them, loops (a → b → a).
CREATE FUNCTION redirects_refuse_chains() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM redirects WHERE from_path = NEW.to_path AND id <> NEW.id) THEN
    RAISE EXCEPTION 'redirect chain: % is itself redirected', NEW.to_path USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM redirects WHERE to_path = NEW.from_path AND id <> NEW.id) THEN
    RAISE EXCEPTION 'redirect chain: % is the target of another redirect', NEW.from_path USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER redirects_refuse_chains BEFORE INSERT OR UPDATE ON redirects
  FOR EACH ROW EXECUTE FUNCTION redirects_refuse_chains();
