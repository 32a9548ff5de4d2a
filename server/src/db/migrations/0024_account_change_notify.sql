-- Every instance keeps the sessions it has checked in memory (modules/account/session-cache.ts).
-- A change to an account (its role, name, photo, password version, or the account itself going)
-- and a session signed out are announced here, by the database, whoever wrote them, on the channel
-- the instances already listen on for catalogue writes (providers/cache-bus.ts): no write path can
-- forget to tell them. "from" is the database, so the writer's own instance hears it too.
CREATE OR REPLACE FUNCTION announce_account_change(user_id text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_notify('aprendiz_catalogue', json_build_object(
    'scope', current_schema(), 'from', 'database', 'user', user_id, 'account', true)::text);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_user_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_account_change(OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_session_revoked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_account_change(NEW.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_account_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION announce_user_row_change();
--> statement-breakpoint
CREATE TRIGGER "revoked_sessions_account_change" AFTER INSERT ON "revoked_sessions"
  FOR EACH ROW EXECUTE FUNCTION announce_session_revoked();
