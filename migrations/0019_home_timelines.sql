CREATE TABLE "home_timelines" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "home_timelines_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "popular_posts" (
	"scope" text NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"score" double precision NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ranked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "popular_posts_scope_post_id_pk" PRIMARY KEY("scope","post_id")
);
--> statement-breakpoint
ALTER TABLE "home_timelines" ADD CONSTRAINT "home_timelines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_timelines" ADD CONSTRAINT "home_timelines_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popular_posts" ADD CONSTRAINT "popular_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_timelines_user_order_idx" ON "home_timelines" USING btree ("user_id","created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "home_timelines_post_idx" ON "home_timelines" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "popular_posts_scope_score_idx" ON "popular_posts" USING btree ("scope","score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "popular_posts_post_idx" ON "popular_posts" USING btree ("post_id");