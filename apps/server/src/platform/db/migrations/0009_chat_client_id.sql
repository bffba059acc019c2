-- A chat post names the sender's id for it (chat_send clientId): a send retried after a lost ack
-- finds the row it stored (one per user and client id; posts without one are never matched).
ALTER TABLE "chat_messages" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_client_once" UNIQUE("user_id","client_id");