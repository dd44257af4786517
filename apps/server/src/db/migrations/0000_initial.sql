CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"path" text NOT NULL,
	"properties" jsonb,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"primary_colour" text NOT NULL,
	"secondary_colour" text NOT NULL,
	"fpl_code" integer,
	CONSTRAINT "clubs_fpl_code_unique" UNIQUE("fpl_code")
);
--> statement-breakpoint
CREATE TABLE "season_clubs" (
	"season_id" text NOT NULL,
	"club_code" text NOT NULL,
	CONSTRAINT "season_clubs_season_id_club_code_pk" PRIMARY KEY("season_id","club_code")
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"player_id" uuid NOT NULL,
	"fixture_id" integer NOT NULL,
	"gameweek" integer NOT NULL,
	"kickoff_at" timestamp with time zone NOT NULL,
	"goals" integer NOT NULL,
	"club_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goals_player_id_fixture_id_pk" PRIMARY KEY("player_id","fixture_id"),
	CONSTRAINT "goals_positive" CHECK ("goals"."goals" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_club_spells" (
	"player_id" uuid NOT NULL,
	"from_gameweek" integer NOT NULL,
	"club_code" text NOT NULL,
	CONSTRAINT "player_club_spells_player_id_from_gameweek_pk" PRIMARY KEY("player_id","from_gameweek")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" text NOT NULL,
	"fpl_code" integer NOT NULL,
	"name" text NOT NULL,
	"web_name" text NOT NULL,
	"first_name" text NOT NULL,
	"second_name" text NOT NULL,
	"position" text NOT NULL,
	"last_season_goals" integer NOT NULL,
	"first_gameweek" integer NOT NULL,
	CONSTRAINT "players_season_fpl_code_unique" UNIQUE("season_id","fpl_code"),
	CONSTRAINT "players_last_season_goals_non_negative" CHECK ("players"."last_season_goals" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gameweeks" (
	"season_id" text NOT NULL,
	"week" integer NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "gameweeks_season_id_week_pk" PRIMARY KEY("season_id","week")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"competition" text NOT NULL,
	"pick_deadline" timestamp with time zone NOT NULL,
	"launch_at" timestamp with time zone NOT NULL,
	"data_version" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "season_clubs" ADD CONSTRAINT "season_clubs_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_clubs" ADD CONSTRAINT "season_clubs_club_code_clubs_code_fk" FOREIGN KEY ("club_code") REFERENCES "public"."clubs"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_club_code_clubs_code_fk" FOREIGN KEY ("club_code") REFERENCES "public"."clubs"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_club_spells" ADD CONSTRAINT "player_club_spells_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_club_spells" ADD CONSTRAINT "player_club_spells_club_code_clubs_code_fk" FOREIGN KEY ("club_code") REFERENCES "public"."clubs"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gameweeks" ADD CONSTRAINT "gameweeks_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_name_created_at_index" ON "analytics_events" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "goals_kickoff_at_index" ON "goals" USING btree ("kickoff_at");