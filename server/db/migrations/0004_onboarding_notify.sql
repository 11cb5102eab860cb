-- Announces every change of an onboarding record on the channel client_onboarding_changed, so the
-- process holding a client's live status stream hears about a change made through any process (or
-- by hand in SQL). NOTIFY is delivered when the transaction commits, never for a rollback.
CREATE OR REPLACE FUNCTION client_onboarding_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'client_onboarding_changed',
    json_build_object('email', NEW.email, 'status', NEW.status, 'role', NEW.role)::text
  );
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_onboarding_notify
  AFTER INSERT OR UPDATE ON client_onboarding
  FOR EACH ROW EXECUTE FUNCTION client_onboarding_notify();
