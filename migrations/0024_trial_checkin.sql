DROP INDEX "trial_registrations_live_key";--> statement-breakpoint
ALTER TABLE "trial_registrations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_registrations" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "trial_registrations" ADD CONSTRAINT "trial_registrations_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_registrations_live_key" ON "trial_registrations" USING btree ("trial_id","player_id") WHERE "trial_registrations"."status" in ('pending_payment', 'registered', 'selected', 'rejected', 'awaiting_guardian', 'waitlisted', 'no_show');
