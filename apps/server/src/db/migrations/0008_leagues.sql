CREATE TABLE "league_members" (
	"league_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"kicked_at" timestamp with time zone,
	CONSTRAINT "league_members_league_id_user_id_pk" PRIMARY KEY("league_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "league_standings" (
	"season_id" text NOT NULL,
	"league_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"league_rank" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"admin_id" text NOT NULL,
	"max_members" integer NOT NULL,
	"join_mode" text NOT NULL,
	"join_deadline" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"admin_handover_reason" text,
	"admin_handover_at" timestamp with time zone,
	"members_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leagues_code_shape" CHECK ("leagues"."code" ~ '^[A-Z0-9]{8}$'),
	CONSTRAINT "leagues_max_members" CHECK ("leagues"."max_members" in (50, 100, 200, 500, 1000, -1))
);
--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_members_user_index" ON "league_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "league_members_status_index" ON "league_members" USING btree ("league_id","status","requested_at");--> statement-breakpoint
CREATE INDEX "league_members_requested_index" ON "league_members" USING btree ("league_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "league_standings_rank_index" ON "league_standings" USING btree ("league_id","league_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "league_standings_user_index" ON "league_standings" USING btree ("league_id","user_id");--> statement-breakpoint
CREATE INDEX "league_standings_season_index" ON "league_standings" USING btree ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leagues_code_index" ON "leagues" USING btree ("code");--> statement-breakpoint
CREATE INDEX "leagues_admin_index" ON "leagues" USING btree ("admin_id");