-- An owner may require a second factor of everyone in their organisation (docs/accounts.md#organisations):
-- its people then sign in with one, as staff do, before they reach anything but their own account pages.
ALTER TABLE "organisations" ADD COLUMN "require_second_factor" boolean DEFAULT false NOT NULL;
