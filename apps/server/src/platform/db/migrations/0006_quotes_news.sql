CREATE TABLE "news_articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"publisher" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"image_url" text,
	"symbols" text[] DEFAULT '{}' NOT NULL,
	"details" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"source_updated_at" timestamp with time zone,
	"url_key" text,
	"title_key" text,
	"canonical_url" text,
	"canonical_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_articles_url_key_unique" UNIQUE("url_key"),
	CONSTRAINT "news_articles_title_key_unique" UNIQUE("title_key"),
	CONSTRAINT "news_articles_source_id" UNIQUE("source","source_id")
);
--> statement-breakpoint
CREATE TABLE "news_symbols" (
	"symbol" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"is_filing" boolean NOT NULL,
	"article_id" bigint NOT NULL,
	CONSTRAINT "news_symbols_symbol_published_at_article_id_pk" PRIMARY KEY("symbol","published_at","article_id")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"position" integer NOT NULL,
	"pin" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "news_symbols" ADD CONSTRAINT "news_symbols_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_published" ON "news_articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_user_position" ON "quotes" USING btree ("user_id","position");