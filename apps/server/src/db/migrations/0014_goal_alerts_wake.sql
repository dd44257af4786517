-- Any write to the goals (the scheduled sync, `npm run sync` in another process, a season load)
-- wakes the goal alerts job on every instance listening on `goal_alerts` (goal-alerts-job.ts),
-- sent on commit: a new goal is fanned out at once rather than at the job's next turn.
-- Once per statement; NOTIFY folds the same message sent again in one transaction into one.
CREATE FUNCTION "hit21_wake_goal_alerts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('goal_alerts', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "goals_wake_goal_alerts" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "goals"
  FOR EACH STATEMENT EXECUTE FUNCTION "hit21_wake_goal_alerts"();
