DROP INDEX "cases_user_updated_idx";--> statement-breakpoint
DROP INDEX "cases_updated_idx";--> statement-breakpoint
CREATE INDEX "cases_user_updated_idx" ON "cases" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cases_updated_idx" ON "cases" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);