CREATE TABLE "embedded_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "embedded_jobs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "outbox_unpublished_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "embedded_jobs_waiting_idx" ON "embedded_jobs" USING btree ("queue","run_at","seq") WHERE "embedded_jobs"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "embedded_jobs_running_idx" ON "embedded_jobs" USING btree ("locked_until") WHERE "embedded_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "embedded_jobs_finished_idx" ON "embedded_jobs" USING btree ("status","finished_at");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("id") WHERE "outbox"."published_at" is null and "outbox"."dead_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_dead_idx" ON "outbox" USING btree ("dead_at") WHERE "outbox"."dead_at" is not null;