CREATE TABLE "auth_transactions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_to" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid,
	"kind" text NOT NULL,
	"method" text,
	"from_route" text,
	"ip_hash" text,
	"at" timestamp with time zone NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mitid_uuid" text NOT NULL,
	"mobilepay_sub" text,
	"cpr_hash" text NOT NULL,
	"cpr_encrypted" text NOT NULL,
	"birth_date" date NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_cc" text NOT NULL,
	"mobile_no" text NOT NULL,
	"nickname" text,
	"country" text DEFAULT 'DK' NOT NULL,
	"currency" text DEFAULT 'DKK' NOT NULL,
	"language" text DEFAULT 'da' NOT NULL,
	"player_type" text DEFAULT 'Non-Depositor' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"email_notify" boolean DEFAULT false NOT NULL,
	"sms_notify" boolean DEFAULT false NOT NULL,
	"marketing_notification_day" date,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unsubscribe_guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"brand_unsubscribed" boolean DEFAULT false NOT NULL,
	"campaign_code" text,
	"btag" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"previous_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"mitid_uuid" text NOT NULL,
	"claims" jsonb NOT NULL,
	"access_token_encrypted" text NOT NULL,
	"cpr_hash" text,
	"cpr_encrypted" text,
	"birth_date" date,
	"details" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"player_id" uuid
);
--> statement-breakpoint
CREATE TABLE "player_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);
--> statement-breakpoint
CREATE TABLE "deposit_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"period" text NOT NULL,
	"amount_ore" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_logs" ADD CONSTRAINT "player_logs_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_sessions" ADD CONSTRAINT "player_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_logs_player_idx" ON "player_logs" USING btree ("player_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "players_mitid_uuid_key" ON "players" USING btree ("mitid_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "players_cpr_hash_key" ON "players" USING btree ("cpr_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "players_email_key" ON "players" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "players_mobilepay_sub_key" ON "players" USING btree ("mobilepay_sub");--> statement-breakpoint
CREATE UNIQUE INDEX "players_unsubscribe_guid_key" ON "players" USING btree ("unsubscribe_guid");--> statement-breakpoint
CREATE INDEX "registrations_mitid_idx" ON "registrations" USING btree ("mitid_uuid");--> statement-breakpoint
CREATE INDEX "player_sessions_player_idx" ON "player_sessions" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "deposit_limits_player_idx" ON "deposit_limits" USING btree ("player_id","period","effective_at");