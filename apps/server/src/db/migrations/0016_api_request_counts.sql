-- Unlogged: the last minute's counts are worth no write-ahead log, and a crash may lose them.
CREATE UNLOGGED TABLE "api_request_counts" (
	"client_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "api_request_counts_client_key_window_start_pk" PRIMARY KEY("client_key","window_start")
);
