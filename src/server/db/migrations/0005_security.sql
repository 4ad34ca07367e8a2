CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
-- Failed sign-ins are now counted per account and client address (and per account, client '*').
-- The old per-address counters only ever held the last 15 minutes: they are not carried over.
DROP TABLE "login_attempts";--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"email" text NOT NULL,
	"client" text NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "login_attempts_email_client_pk" PRIMARY KEY("email","client")
);
