DROP INDEX "app_logs_created_idx";--> statement-breakpoint
DROP INDEX "app_logs_category_created_idx";--> statement-breakpoint
DROP INDEX "attorney_referrals_user_idx";--> statement-breakpoint
DROP INDEX "attorneys_created_idx";--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
DROP INDEX "case_messages_case_seq_idx";--> statement-breakpoint
DROP INDEX "cases_user_updated_idx";--> statement-breakpoint
DROP INDEX "cases_status_updated_idx";--> statement-breakpoint
DROP INDEX "cases_updated_idx";--> statement-breakpoint
DROP INDEX "documents_user_created_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_created_idx";--> statement-breakpoint
CREATE INDEX "app_logs_created_idx" ON "app_logs" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "app_logs_category_created_idx" ON "app_logs" USING btree ("category","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "attorney_referrals_user_idx" ON "attorney_referrals" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "attorneys_created_idx" ON "attorneys" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "case_messages_case_seq_idx" ON "case_messages" USING btree ("case_id","seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cases_user_updated_idx" ON "cases" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cases_status_updated_idx" ON "cases" USING btree ("status","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cases_updated_idx" ON "cases" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_user_created_idx" ON "documents" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST);