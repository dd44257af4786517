-- Each instance keeps session look-ups and board pages in memory (decision 016). These triggers
-- tell every instance listening, on commit, when what it keeps may have changed:
-- `account_changes` names a user whose sessions went (sign-out, revocation, a password reset)
-- or whose user or profile row changed, or `deleted:` and the id of a deleted user (whose rows
-- left the stored boards without a swap); `board_versions` names a season
-- whose stored board was swapped (its `standings_state` row written).
-- NOTIFY folds the same message sent again in one transaction into one.
CREATE FUNCTION "hit21_notify_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('account_changes', OLD.user_id);
  ELSIF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('account_changes', 'deleted:' || OLD.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('account_changes', OLD.id);
  ELSE
    PERFORM pg_notify('account_changes', NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_account_change" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "hit21_notify_account_change"();--> statement-breakpoint
CREATE TRIGGER "users_notify_account_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "hit21_notify_account_change"();--> statement-breakpoint
CREATE TRIGGER "profiles_notify_account_change" AFTER UPDATE OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "hit21_notify_account_change"();--> statement-breakpoint
CREATE FUNCTION "hit21_notify_board_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('board_versions', NEW.season_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "standings_state_notify_board_version" AFTER INSERT OR UPDATE ON "standings_state"
  FOR EACH ROW EXECUTE FUNCTION "hit21_notify_board_version"();
