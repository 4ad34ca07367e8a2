-- One open checkout per member and template. Checkouts opened twice before this rule are closed
-- first, all but the newest of each member and template (their payment pages no longer complete a
-- purchase here; a payment that still arrives is refunded).
UPDATE "checkout_sessions" SET "status" = 'expired', "completed_at" = now()
WHERE "status" = 'open' AND "template_id" IS NOT NULL AND "id" NOT IN (
  SELECT DISTINCT ON ("user_id", "template_id") "id" FROM "checkout_sessions"
  WHERE "status" = 'open' AND "template_id" IS NOT NULL
  ORDER BY "user_id", "template_id", "created_at" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_open_template_idx" ON "checkout_sessions" USING btree ("user_id","template_id") WHERE "checkout_sessions"."status" = 'open' and "checkout_sessions"."template_id" is not null;
