-- The intake claims a payload (booking_payloads) before it writes the booking the claim names, in
-- one transaction: the claim decides whether there is a booking to write at all. The reference is
-- checked when that transaction commits. drizzle's schema cannot say DEFERRABLE, so it is said here.
ALTER TABLE "booking_payloads" ALTER CONSTRAINT "booking_payloads_booking_id_bookings_id_fk" DEFERRABLE INITIALLY DEFERRED;
