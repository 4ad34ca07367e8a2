-- Any change to what a session lookup returns (the session, its member, profile or subscription)
-- announces the member's id on the channel lawguide_auth_changed; an emptied table announces ''
-- (everyone). A process that keeps sessions in memory listens and forgets the member at once.
CREATE FUNCTION "lawguide_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('lawguide_auth_changed', '');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lawguide_auth_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  ELSE
    PERFORM pg_notify('lawguide_auth_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[0]) THEN
      PERFORM pg_notify('lawguide_auth_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "session_auth_changed" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "lawguide_auth_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_auth_changed" AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "lawguide_auth_changed"('id');--> statement-breakpoint
CREATE TRIGGER "user_profiles_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_profiles"
  FOR EACH ROW EXECUTE FUNCTION "lawguide_auth_changed"('id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "lawguide_auth_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "session_auth_truncated" AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION "lawguide_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "user_auth_truncated" AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION "lawguide_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "user_profiles_auth_truncated" AFTER TRUNCATE ON "user_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "lawguide_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_auth_truncated" AFTER TRUNCATE ON "subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "lawguide_auth_changed"();
