-- Each instance keeps the approved members' access to a league's standings in memory (decision
-- 016). These triggers tell every instance listening, on commit, on `league_changes` with the
-- league's id, when what it keeps may have changed: an approved member left the approved (kicked,
-- left, their account deleted), the league's approved members or their last change moved, or the
-- league went. Whoever wrote it (a cascade, another process, an operator's SQL). NOTIFY folds the
-- same message sent again in one transaction into one.
CREATE FUNCTION "hit21_notify_league_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'leagues' THEN
    PERFORM pg_notify('league_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('league_changes', OLD.league_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leagues_notify_league_change" AFTER UPDATE ON "leagues"
  FOR EACH ROW WHEN (
    OLD.members_changed_at IS DISTINCT FROM NEW.members_changed_at
    OR OLD.approved_members IS DISTINCT FROM NEW.approved_members
    OR OLD.season_id IS DISTINCT FROM NEW.season_id
  ) EXECUTE FUNCTION "hit21_notify_league_change"();--> statement-breakpoint
CREATE TRIGGER "leagues_notify_league_removal" AFTER DELETE ON "leagues"
  FOR EACH ROW EXECUTE FUNCTION "hit21_notify_league_change"();--> statement-breakpoint
CREATE TRIGGER "league_members_notify_league_change" AFTER UPDATE ON "league_members"
  FOR EACH ROW WHEN (OLD.status = 'approved' AND NEW.status IS DISTINCT FROM OLD.status)
  EXECUTE FUNCTION "hit21_notify_league_change"();--> statement-breakpoint
CREATE TRIGGER "league_members_notify_league_removal" AFTER DELETE ON "league_members"
  FOR EACH ROW WHEN (OLD.status = 'approved') EXECUTE FUNCTION "hit21_notify_league_change"();
