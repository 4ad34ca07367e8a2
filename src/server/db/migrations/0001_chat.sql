DROP INDEX "case_messages_case_created_idx";--> statement-breakpoint
ALTER TABLE "comparison_votes" ALTER COLUMN "chosen_provider" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "case_messages" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "reply_stop_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "document_offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comparison_votes" ADD COLUMN "mode" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "comparison_votes" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "comparison_votes" ADD COLUMN "chosen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "case_messages_case_seq_idx" ON "case_messages" USING btree ("case_id","seq" DESC NULLS LAST);