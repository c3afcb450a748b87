DROP INDEX "trial_registrations_live_key";--> statement-breakpoint
DROP INDEX "trial_registrations_hold_idx";--> statement-breakpoint
ALTER TABLE "trial_registrations" ADD COLUMN "academy_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_registrations_live_key" ON "trial_registrations" USING btree ("trial_id","player_id") WHERE "trial_registrations"."status" in ('pending_payment', 'registered', 'selected', 'rejected', 'awaiting_guardian');--> statement-breakpoint
CREATE INDEX "trial_registrations_hold_idx" ON "trial_registrations" USING btree ("hold_expires_at") WHERE "trial_registrations"."status" in ('pending_payment', 'awaiting_guardian');