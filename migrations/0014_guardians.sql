CREATE TABLE "consent_ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"child_id" uuid NOT NULL,
	"guardian_id" uuid,
	"decision" text NOT NULL,
	"relationship" text,
	"notice_version" text NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_ledger_decision" CHECK ("consent_ledger"."decision" in ('given', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "consent_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"child_id" uuid NOT NULL,
	"guardian_email" text NOT NULL,
	"guardian_phone" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guardian_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"child_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"relationship" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_status" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "messaging" text DEFAULT 'friends_and_academies' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reachable" boolean GENERATED ALWAYS AS (is_active and consent_status in ('not_needed', 'given')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_ledger" ADD CONSTRAINT "consent_ledger_child_id_users_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_ledger" ADD CONSTRAINT "consent_ledger_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_child_id_users_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_child_id_users_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_ledger_child_idx" ON "consent_ledger" USING btree ("child_id","recorded_at");--> statement-breakpoint
CREATE INDEX "consent_ledger_guardian_idx" ON "consent_ledger" USING btree ("guardian_id");--> statement-breakpoint
CREATE INDEX "consent_ledger_recorded_idx" ON "consent_ledger" USING btree ("recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "consent_requests_token_hash_key" ON "consent_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "consent_requests_child_created_idx" ON "consent_requests" USING btree ("child_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_links_live_pair_key" ON "guardian_links" USING btree ("child_id","guardian_id") WHERE "guardian_links"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "guardian_links_guardian_idx" ON "guardian_links" USING btree ("guardian_id");--> statement-breakpoint
CREATE INDEX "guardian_links_child_idx" ON "guardian_links" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "users_consent_awaiting_idx" ON "users" USING btree ("created_at") WHERE "users"."consent_status" = 'awaiting_consent';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_consent_status" CHECK ("users"."consent_status" in ('not_needed', 'awaiting_consent', 'given', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_messaging" CHECK ("users"."messaging" in ('friends_and_academies', 'friends', 'nobody'));--> statement-breakpoint
UPDATE "users" SET "consent_status" = 'awaiting_consent' WHERE "role" = 'player' AND "erased_at" IS NULL AND ("dob" IS NULL OR "dob" > ((now() AT TIME ZONE 'Africa/Lagos')::date - interval '18 years'));--> statement-breakpoint
CREATE FUNCTION "consent_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'consent_ledger is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "consent_ledger_no_update_or_delete" BEFORE UPDATE OR DELETE ON "consent_ledger" FOR EACH ROW EXECUTE FUNCTION "consent_ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "consent_ledger_no_truncate" BEFORE TRUNCATE ON "consent_ledger" FOR EACH STATEMENT EXECUTE FUNCTION "consent_ledger_append_only"();
