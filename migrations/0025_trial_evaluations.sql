CREATE TABLE "trial_evaluations" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"trial_id" uuid NOT NULL,
	"scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"height_cm" integer,
	"weight_kg" numeric(4, 1),
	"sprint_30m_seconds" numeric(4, 2),
	"standing_reach_cm" integer,
	"shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_evaluations_height" CHECK ("trial_evaluations"."height_cm" is null or "trial_evaluations"."height_cm" between 80 and 250),
	CONSTRAINT "trial_evaluations_weight" CHECK ("trial_evaluations"."weight_kg" is null or "trial_evaluations"."weight_kg" between 15 and 200),
	CONSTRAINT "trial_evaluations_sprint" CHECK ("trial_evaluations"."sprint_30m_seconds" is null or "trial_evaluations"."sprint_30m_seconds" between 3 and 15),
	CONSTRAINT "trial_evaluations_reach" CHECK ("trial_evaluations"."standing_reach_cm" is null or "trial_evaluations"."standing_reach_cm" between 100 and 320)
);
--> statement-breakpoint
ALTER TABLE "trial_evaluations" ADD CONSTRAINT "trial_evaluations_registration_id_trial_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."trial_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_evaluations" ADD CONSTRAINT "trial_evaluations_trial_id_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trial_evaluations_trial_idx" ON "trial_evaluations" USING btree ("trial_id");
