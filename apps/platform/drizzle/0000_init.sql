CREATE TABLE "campaigns" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"sub_line" text NOT NULL,
	"image" text NOT NULL,
	"body" text NOT NULL,
	"terms" text NOT NULL,
	"category" text NOT NULL,
	"cta_text" text NOT NULL,
	"cta_url" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_seeds" (
	"version" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"landing_type" text NOT NULL,
	"landing_id" text NOT NULL,
	"title" text NOT NULL,
	"hero_text" text NOT NULL,
	"hero_image" text NOT NULL,
	"bullets" jsonb NOT NULL,
	"cta_text" text NOT NULL,
	"cta_url" text NOT NULL,
	"body" text NOT NULL,
	"terms" text NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "landing_pages_landing_type_landing_id_pk" PRIMARY KEY("landing_type","landing_id")
);
--> statement-breakpoint
CREATE TABLE "main_contents" (
	"name" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"text_menu" text NOT NULL,
	"text" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"target" text DEFAULT '_self' NOT NULL,
	"auth_required" boolean DEFAULT false NOT NULL,
	"show_auth_required" boolean DEFAULT true NOT NULL,
	"show_on_device" jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"news_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"sub_line" text NOT NULL,
	"image" text NOT NULL,
	"status" text NOT NULL,
	"show_in_list" boolean DEFAULT true NOT NULL,
	"body" text NOT NULL,
	"show_date_time" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"public_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seo_entries" (
	"slug" text PRIMARY KEY NOT NULL,
	"meta_title" text NOT NULL,
	"meta_description" text NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"meta_robot" text DEFAULT 'index,follow' NOT NULL,
	"site_name" text NOT NULL,
	"site_url" text NOT NULL,
	"og_title" text NOT NULL,
	"og_description" text NOT NULL,
	"og_image" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" jsonb NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	CONSTRAINT "system_configs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"group" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "translations_group_key_pk" PRIMARY KEY("group","key")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"player_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_captchas" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_slug_idx" ON "campaigns" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "menu_items_parent_idx" ON "menu_items" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "news_slug_idx" ON "news" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "news_listing_idx" ON "news" USING btree ("status","public_at" DESC NULLS LAST) WHERE "news"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");