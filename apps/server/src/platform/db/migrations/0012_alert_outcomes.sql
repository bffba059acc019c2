CREATE TABLE "alert_outcomes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_outcomes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"history_id" bigint,
	"rule_id" bigint,
	"filter" text,
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"price" double precision NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone,
	"session" integer NOT NULL,
	"m1" double precision,
	"m5" double precision,
	"m15" double precision,
	"m30" double precision,
	"close" double precision,
	"settled" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_outcomes" ADD CONSTRAINT "alert_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_outcomes_open_idx" ON "alert_outcomes" USING btree ("fired_at") WHERE "alert_outcomes"."settled" < 31;--> statement-breakpoint
CREATE INDEX "alert_outcomes_fired_idx" ON "alert_outcomes" USING btree ("fired_at");--> statement-breakpoint
CREATE INDEX "alert_outcomes_user_idx" ON "alert_outcomes" USING btree ("user_id","session");--> statement-breakpoint
CREATE INDEX "alert_outcomes_history_idx" ON "alert_outcomes" USING btree ("history_id");