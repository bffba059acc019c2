-- Chat mentions reach web push through the same delivery rows as alerts (docs/chat.md "Mentions"):
-- a row comes from an alert (outbox_id) or a chat message (chat_message_id), exactly one.
ALTER TABLE "alert_deliveries" ALTER COLUMN "outbox_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "chat_message_id" bigint;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_chat_message_id_chat_messages_id_fk" FOREIGN KEY ("chat_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_mention_once" UNIQUE("chat_message_id","channel","target");--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_one_source" CHECK (("alert_deliveries"."outbox_id" is null) <> ("alert_deliveries"."chat_message_id" is null));