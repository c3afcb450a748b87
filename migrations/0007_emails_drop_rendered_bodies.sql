CREATE INDEX "emails_created_idx" ON "emails" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "subject";--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "text_body";--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "html_body";