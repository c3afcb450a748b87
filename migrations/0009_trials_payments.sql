CREATE TABLE "trial_registration_answers" (
	"registration_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"answer" text NOT NULL,
	CONSTRAINT "trial_registration_answers_registration_id_requirement_id_pk" PRIMARY KEY("registration_id","requirement_id")
);
--> statement-breakpoint
CREATE TABLE "trial_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trial_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"reference_code" text NOT NULL,
	"name" text NOT NULL,
	"dob" date NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"state" text NOT NULL,
	"district" text NOT NULL,
	"level" text NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_requirements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trial_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"academy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sport" text NOT NULL,
	"sport_other" text,
	"state" text NOT NULL,
	"district" text NOT NULL,
	"venue" text NOT NULL,
	"landmark" text DEFAULT '' NOT NULL,
	"trial_date" date NOT NULL,
	"start_time" text NOT NULL,
	"deadline" date NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"participant_limit" integer,
	"fee_kobo" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"image_media_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"registered_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trials_fee_non_negative" CHECK ("trials"."fee_kobo" >= 0),
	CONSTRAINT "trials_count_non_negative" CHECK ("trials"."registered_count" >= 0),
	CONSTRAINT "trials_count_within_limit" CHECK ("trials"."participant_limit" is null or "trials"."registered_count" <= "trials"."participant_limit"),
	CONSTRAINT "trials_deadline_before_date" CHECK ("trials"."deadline" <= "trials"."trial_date"),
	CONSTRAINT "trials_age_order" CHECK ("trials"."min_age" is null or "trials"."max_age" is null or "trials"."min_age" <= "trials"."max_age")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid,
	"provider" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"raw" jsonb NOT NULL,
	"signature_valid" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"authorization_url" text,
	"refund_reference" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount_kobo" integer NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"email" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trial_registration_answers" ADD CONSTRAINT "trial_registration_answers_registration_id_trial_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."trial_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_registration_answers" ADD CONSTRAINT "trial_registration_answers_requirement_id_trial_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."trial_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_registrations" ADD CONSTRAINT "trial_registrations_trial_id_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_registrations" ADD CONSTRAINT "trial_registrations_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_requirements" ADD CONSTRAINT "trial_requirements_trial_id_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_academy_id_users_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_image_media_id_media_objects_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media_objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_trial_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."trial_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_registrations_reference_code_key" ON "trial_registrations" USING btree ("reference_code");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_registrations_live_key" ON "trial_registrations" USING btree ("trial_id","player_id") WHERE "trial_registrations"."status" in ('pending_payment', 'registered', 'selected', 'rejected');--> statement-breakpoint
CREATE INDEX "trial_registrations_trial_created_idx" ON "trial_registrations" USING btree ("trial_id","created_at");--> statement-breakpoint
CREATE INDEX "trial_registrations_player_created_idx" ON "trial_registrations" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "trial_registrations_hold_idx" ON "trial_registrations" USING btree ("hold_expires_at") WHERE "trial_registrations"."status" = 'pending_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "trial_requirements_trial_position_key" ON "trial_requirements" USING btree ("trial_id","position");--> statement-breakpoint
CREATE INDEX "trials_academy_date_idx" ON "trials" USING btree ("academy_id","trial_date");--> statement-breakpoint
CREATE INDEX "trials_status_date_idx" ON "trials" USING btree ("status","trial_date");--> statement-breakpoint
CREATE INDEX "trials_image_idx" ON "trials" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "trials_name_trgm_idx" ON "trials" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trials_venue_trgm_idx" ON "trials" USING gin ("venue" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trials_district_trgm_idx" ON "trials" USING gin ("district" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_dedupe_key" ON "payment_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_registration_idx" ON "payments" USING btree ("registration_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_status_paid_idx" ON "payments" USING btree ("status","paid_at");