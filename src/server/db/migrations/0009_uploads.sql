CREATE TABLE "document_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"ord" integer NOT NULL,
	"location" text NOT NULL,
	"content" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"document_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_document_id_seq_pk" PRIMARY KEY("document_id","seq")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "status_message" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "file_kind" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reading_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "usage_period" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "analysed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_passages" ADD CONSTRAINT "document_passages_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_passages_document_idx" ON "document_passages" USING btree ("document_id","ord");--> statement-breakpoint
CREATE INDEX "document_passages_search_idx" ON "document_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "documents_user_type_created_idx" ON "documents" USING btree ("user_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_case_idx" ON "documents" USING btree ("case_id") WHERE "documents"."case_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_reading_idx" ON "documents" USING btree ("created_at") WHERE "documents"."status" = 'reading';--> statement-breakpoint
ALTER TABLE "file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
