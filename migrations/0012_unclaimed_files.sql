CREATE TABLE "unclaimed_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"keys" jsonb NOT NULL,
	"visibility" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "unclaimed_files_created_idx" ON "unclaimed_files" USING btree ("created_at");