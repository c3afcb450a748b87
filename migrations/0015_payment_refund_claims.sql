ALTER TABLE "payments" ADD COLUMN "paid_amount_kobo" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_claimed_at" timestamp with time zone;