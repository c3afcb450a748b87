ALTER TABLE "trial_registrations" ADD COLUMN "waitlist_seq" integer;--> statement-breakpoint
DROP INDEX "trial_registrations_live_key";--> statement-breakpoint
CREATE UNIQUE INDEX "trial_registrations_live_key" ON "trial_registrations" USING btree ("trial_id","player_id") WHERE "trial_registrations"."status" in ('pending_payment', 'registered', 'selected', 'rejected', 'awaiting_guardian', 'waitlisted');--> statement-breakpoint
CREATE INDEX "trial_registrations_waitlist_idx" ON "trial_registrations" USING btree ("trial_id","waitlist_seq") WHERE "trial_registrations"."status" = 'waitlisted';