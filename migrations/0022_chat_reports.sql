ALTER TABLE "content_reports" ADD COLUMN "thread_name" text;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "context" jsonb;