ALTER TABLE "feed_snapshots" ADD COLUMN "network_count" integer;--> statement-breakpoint
ALTER TABLE "feed_snapshots" ADD COLUMN "network_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_snapshots" ADD COLUMN "network_end_id" uuid;