CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "app_logs_created_idx";--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
CREATE INDEX "app_logs_created_id_idx" ON "app_logs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "attorney_referrals_status_created_idx" ON "attorney_referrals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "attorney_referrals_attorney_idx" ON "attorney_referrals" USING btree ("attorney_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attorneys_email_lower_idx" ON "attorneys" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "attorneys_name_lower_idx" ON "attorneys" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "audit_logs_created_id_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_logs_table_created_idx" ON "audit_logs" USING btree ("table_name","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cases_title_trgm_idx" ON "cases" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cases_description_trgm_idx" ON "cases" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "comparison_votes_chosen_idx" ON "comparison_votes" USING btree ("chosen_at") WHERE "comparison_votes"."chosen_at" is not null;--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_name_trgm_idx" ON "user_profiles" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);