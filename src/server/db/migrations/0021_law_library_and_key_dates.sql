CREATE TABLE "key_date_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_date_id" uuid NOT NULL,
	"deadline" text NOT NULL,
	"kind" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"job_id" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "key_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"case_id" uuid NOT NULL,
	"event" text NOT NULL,
	"event_date" date NOT NULL,
	"state" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "law_facts" (
	"state" text NOT NULL,
	"topic" text NOT NULL,
	"fact" jsonb NOT NULL,
	"released" jsonb NOT NULL,
	"release_version" text NOT NULL,
	"pending_release" jsonb,
	"pending_version" text,
	"edited_at" timestamp with time zone,
	"edited_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "law_facts_state_topic_pk" PRIMARY KEY("state","topic")
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "key_date_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "calendar_feed_hash" text;--> statement-breakpoint
ALTER TABLE "key_date_reminders" ADD CONSTRAINT "key_date_reminders_key_date_id_key_dates_id_fk" FOREIGN KEY ("key_date_id") REFERENCES "public"."key_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_dates" ADD CONSTRAINT "key_dates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_dates" ADD CONSTRAINT "key_dates_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "key_date_reminders_unique_idx" ON "key_date_reminders" USING btree ("key_date_id","deadline","kind");--> statement-breakpoint
CREATE INDEX "key_dates_case_idx" ON "key_dates" USING btree ("case_id","event_date");--> statement-breakpoint
CREATE INDEX "key_dates_user_idx" ON "key_dates" USING btree ("user_id","event_date");--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_calendar_feed_hash_unique" UNIQUE("calendar_feed_hash");