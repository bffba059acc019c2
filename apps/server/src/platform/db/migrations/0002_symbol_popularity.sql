CREATE TABLE "symbol_popularity" (
	"symbol" text PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
