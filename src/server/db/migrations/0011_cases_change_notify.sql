-- Any change to a member's cases announces the member's id on the channel lawguide_cases_changed
-- (an emptied table announces '', everyone): a process that keeps the first page of each member's
-- cases list in memory listens and forgets the member's page at once. The trigger function takes
-- the channel and the member's column, as lawguide_auth_changed (0004) does for its one channel.
CREATE FUNCTION "lawguide_notify_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify(TG_ARGV[0], '');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify(TG_ARGV[0], to_jsonb(OLD) ->> TG_ARGV[1]);
  ELSE
    PERFORM pg_notify(TG_ARGV[0], to_jsonb(NEW) ->> TG_ARGV[1]);
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[1]) IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[1]) THEN
      PERFORM pg_notify(TG_ARGV[0], to_jsonb(OLD) ->> TG_ARGV[1]);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cases_changed" AFTER INSERT OR UPDATE OR DELETE ON "cases"
  FOR EACH ROW EXECUTE FUNCTION "lawguide_notify_member"('lawguide_cases_changed', 'user_id');--> statement-breakpoint
CREATE TRIGGER "cases_truncated" AFTER TRUNCATE ON "cases"
  FOR EACH STATEMENT EXECUTE FUNCTION "lawguide_notify_member"('lawguide_cases_changed');
