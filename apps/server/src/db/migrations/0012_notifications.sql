CREATE TABLE "deadline_mails" (
	"season_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_mails_season_id_kind_user_id_pk" PRIMARY KEY("season_id","kind","user_id")
);
--> statement-breakpoint
CREATE TABLE "goal_alert_marks" (
	"player_id" uuid NOT NULL,
	"fixture_id" integer NOT NULL,
	"goals" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goal_alert_marks_player_id_fixture_id_pk" PRIMARY KEY("player_id","fixture_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"league_id" uuid,
	"requester_id" text,
	"player_id" uuid,
	"fixture_id" integer,
	"goal_kind" text,
	"actor_name" text,
	"title" text,
	"message" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_shape" CHECK (("notifications"."type" = 'join_request' and "notifications"."league_id" is not null and "notifications"."requester_id" is not null)
        or ("notifications"."type" = 'goal' and "notifications"."goal_kind" is not null and "notifications"."title" is not null and "notifications"."message" is not null and "notifications"."actor_name" is not null))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "goal_alerts" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "deadline_mails" ADD CONSTRAINT "deadline_mails_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_mails" ADD CONSTRAINT "deadline_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_alert_marks" ADD CONSTRAINT "goal_alert_marks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deadline_mails_user_index" ON "deadline_mails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_index" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_index" ON "notifications" USING btree ("user_id","id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_join_request_index" ON "notifications" USING btree ("league_id","requester_id","user_id") WHERE "notifications"."type" = 'join_request';--> statement-breakpoint
CREATE INDEX "notifications_requester_index" ON "notifications" USING btree ("requester_id") WHERE "notifications"."requester_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_player_index" ON "notifications" USING btree ("player_id") WHERE "notifications"."player_id" is not null;--> statement-breakpoint
-- Requests already pending reach their admins' bells, unread.
INSERT INTO "notifications" ("user_id", "type", "league_id", "requester_id", "created_at")
SELECT "leagues"."admin_id", 'join_request', "league_members"."league_id", "league_members"."user_id", "league_members"."requested_at"
FROM "league_members" JOIN "leagues" ON "leagues"."id" = "league_members"."league_id"
WHERE "league_members"."status" = 'pending';
