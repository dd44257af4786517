CREATE TABLE "league_join_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "league_join_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"league_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "league_kicked_addresses" (
	"league_id" uuid NOT NULL,
	"email_digest" text NOT NULL,
	"kicked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "league_kicked_addresses_league_id_email_digest_pk" PRIMARY KEY("league_id","email_digest")
);
--> statement-breakpoint
ALTER TABLE "league_join_attempts" ADD CONSTRAINT "league_join_attempts_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_join_attempts" ADD CONSTRAINT "league_join_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_kicked_addresses" ADD CONSTRAINT "league_kicked_addresses_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_join_attempts_player_index" ON "league_join_attempts" USING btree ("user_id","league_id","attempted_at");--> statement-breakpoint
CREATE INDEX "league_kicked_addresses_kicked_index" ON "league_kicked_addresses" USING btree ("kicked_at");