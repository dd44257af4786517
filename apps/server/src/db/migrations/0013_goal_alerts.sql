DROP INDEX "picks_player_index";--> statement-breakpoint
ALTER TABLE "goal_alert_marks" ADD COLUMN "kickoff_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "goal_alert_marks" ADD COLUMN "club_code" text;--> statement-breakpoint
ALTER TABLE "goal_alert_marks" ADD COLUMN "pending_goal" integer;--> statement-breakpoint
ALTER TABLE "goal_alert_marks" ADD COLUMN "pending_kind" text;--> statement-breakpoint
ALTER TABLE "goal_alert_marks" ADD COLUMN "pending_after_user_id" text;--> statement-breakpoint
CREATE INDEX "picks_player_user_index" ON "picks" USING btree ("player_id","user_id");--> statement-breakpoint
ALTER TABLE "goal_alert_marks" ADD CONSTRAINT "goal_alert_marks_pending" CHECK (("goal_alert_marks"."pending_goal" is null) = ("goal_alert_marks"."pending_kind" is null) and "goal_alert_marks"."goals" >= 0);