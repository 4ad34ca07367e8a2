-- Any change to the system settings or to the AI model configurations announces the table's name
-- on the channel lawguide_settings_changed. Every process on PostgreSQL keeps both in memory and
-- reads them again when a change is announced (src/server/db/follow.ts); the embedded engine's
-- one process hears its own changes the same way and does not need it.
CREATE FUNCTION "lawguide_notify_table"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "system_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "system_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "lawguide_notify_table"('lawguide_settings_changed');--> statement-breakpoint
CREATE TRIGGER "ai_models_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ai_models"
  FOR EACH STATEMENT EXECUTE FUNCTION "lawguide_notify_table"('lawguide_settings_changed');
