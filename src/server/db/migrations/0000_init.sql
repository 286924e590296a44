CREATE TABLE "market_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"agent_number" text NOT NULL,
	"business_name" text,
	"market_name" text NOT NULL,
	"market_location" text NOT NULL,
	"location" text NOT NULL,
	"contact_number" text NOT NULL,
	"bank_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_agents_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "market_agents_agent_number_unique" UNIQUE("agent_number")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"contact_person" text NOT NULL,
	"contact_number" text NOT NULL,
	"farm_location" text NOT NULL,
	"produce_types" text DEFAULT '' NOT NULL,
	"certification_type" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_name" text,
	"account_number" text,
	"branch_code" text,
	"account_holder_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pepper_pricing" (
	"id" serial PRIMARY KEY NOT NULL,
	"variety" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_per_crate" integer NOT NULL,
	"availability" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pepper_pricing_variety_unique" UNIQUE("variety")
);
--> statement-breakpoint
CREATE TABLE "pricing_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"variety" text NOT NULL,
	"effective_date" date NOT NULL,
	"price_per_crate" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transmissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"market_agent_id" integer,
	"quantity" integer NOT NULL,
	"actual_quantity" integer,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crate_balances" (
	"holder" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crate_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_holder" text NOT NULL,
	"to_holder" text NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"transmission_id" integer,
	"client_transaction_id" integer,
	"reason" text,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "market_agents" ADD CONSTRAINT "market_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_transmission_id_transmissions_id_fk" FOREIGN KEY ("transmission_id") REFERENCES "public"."transmissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "suppliers_status_idx" ON "suppliers" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pricing_history_variety_date_idx" ON "pricing_history" USING btree ("variety","effective_date");--> statement-breakpoint
CREATE INDEX "transmissions_to_user_status_idx" ON "transmissions" USING btree ("to_user_id","status");--> statement-breakpoint
CREATE INDEX "transmissions_from_user_idx" ON "transmissions" USING btree ("from_user_id","id");--> statement-breakpoint
CREATE INDEX "transmissions_agent_idx" ON "transmissions" USING btree ("market_agent_id","id");--> statement-breakpoint
CREATE INDEX "transmissions_flagged_idx" ON "transmissions" USING btree ("id") WHERE "transmissions"."is_flagged" and "transmissions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "crate_movements_from_idx" ON "crate_movements" USING btree ("from_holder");--> statement-breakpoint
CREATE INDEX "crate_movements_to_idx" ON "crate_movements" USING btree ("to_holder");--> statement-breakpoint
CREATE INDEX "crate_movements_transmission_idx" ON "crate_movements" USING btree ("transmission_id");--> statement-breakpoint
CREATE INDEX "crate_movements_occurred_idx" ON "crate_movements" USING btree ("occurred_at");