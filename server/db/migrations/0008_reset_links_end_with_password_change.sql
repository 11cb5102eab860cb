-- A password change or reset ends every outstanding reset link of that account, whichever path
-- changed it (the reset form, account settings, an admin). Better Auth keeps a reset link as a
-- verification row `reset-password:<token>` whose value is the user's id; the password lives on the
-- user's credential account row.
CREATE OR REPLACE FUNCTION end_reset_links_on_password_change() RETURNS trigger AS $$
BEGIN
  IF NEW.password IS DISTINCT FROM OLD.password THEN
    DELETE FROM verification
      WHERE identifier LIKE 'reset-password:%' AND value = NEW.user_id::text;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER account_password_change_ends_reset_links
  AFTER UPDATE OF password ON account
  FOR EACH ROW EXECUTE FUNCTION end_reset_links_on_password_change();
