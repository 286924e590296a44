CREATE TABLE "billing_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"rate_per_crate" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "billing_cycles_rate_positive" CHECK ("billing_cycles"."rate_per_crate" > 0),
	CONSTRAINT "billing_cycles_dates_ordered" CHECK ("billing_cycles"."start_date" <= "billing_cycles"."end_date"),
	CONSTRAINT "billing_cycles_status_known" CHECK ("billing_cycles"."status" in ('active', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "billing_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"cycle_id" integer NOT NULL,
	"market_agent_id" integer NOT NULL,
	"total_crates_returned" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"market_agent_id" integer NOT NULL,
	"quantity_borrowed" integer NOT NULL,
	"quantity_returned" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"is_open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "client_transactions_borrowed_positive" CHECK ("client_transactions"."quantity_borrowed" > 0),
	CONSTRAINT "client_transactions_returned_in_range" CHECK ("client_transactions"."quantity_returned" >= 0 and "client_transactions"."quantity_returned" <= "client_transactions"."quantity_borrowed"),
	CONSTRAINT "client_transactions_open_matches" CHECK ("client_transactions"."is_open" = ("client_transactions"."quantity_returned" < "client_transactions"."quantity_borrowed"))
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_agent_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"client_name" text NOT NULL,
	"contact_number" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produce_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"produce_name" text NOT NULL,
	"produce_type" text NOT NULL,
	"quality" text NOT NULL,
	"quantity_crates" integer NOT NULL,
	"unit_weight" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produce_offers_quantity_positive" CHECK ("produce_offers"."quantity_crates" > 0)
);
--> statement-breakpoint
CREATE TABLE "tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"created_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"farm_quote" numeric(12, 2) NOT NULL,
	"market_quote" numeric(12, 2),
	"final_price" numeric(12, 2),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "tenders_status_known" CHECK ("tenders"."status" in ('pending', 'accepted', 'rejected')),
	CONSTRAINT "tenders_farm_quote_positive" CHECK ("tenders"."farm_quote" > 0)
);
--> statement-breakpoint
ALTER TABLE "crate_balances" ADD COLUMN "client_id" integer GENERATED ALWAYS AS (case when holder like 'client:%' then split_part(holder, ':', 2)::integer end) STORED;--> statement-breakpoint
ALTER TABLE "market_agents" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "market_agents" ADD COLUMN "branch_code" text;--> statement-breakpoint
ALTER TABLE "market_agents" ADD COLUMN "account_holder_name" text;--> statement-breakpoint
ALTER TABLE "billing_records" ADD CONSTRAINT "billing_records_cycle_id_billing_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."billing_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_records" ADD CONSTRAINT "billing_records_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_transactions" ADD CONSTRAINT "client_transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_transactions" ADD CONSTRAINT "client_transactions_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_offers" ADD CONSTRAINT "produce_offers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_offer_id_produce_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."produce_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cycles_one_active_idx" ON "billing_cycles" USING btree ("status") WHERE "billing_cycles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "billing_cycles_end_idx" ON "billing_cycles" USING btree ("end_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_records_cycle_agent_idx" ON "billing_records" USING btree ("cycle_id","market_agent_id");--> statement-breakpoint
CREATE INDEX "billing_records_agent_idx" ON "billing_records" USING btree ("market_agent_id");--> statement-breakpoint
CREATE INDEX "client_transactions_agent_idx" ON "client_transactions" USING btree ("market_agent_id","id");--> statement-breakpoint
CREATE INDEX "client_transactions_agent_open_idx" ON "client_transactions" USING btree ("market_agent_id","created_at") WHERE "client_transactions"."is_open";--> statement-breakpoint
CREATE INDEX "client_transactions_client_idx" ON "client_transactions" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "clients_agent_idx" ON "clients" USING btree ("market_agent_id","id");--> statement-breakpoint
CREATE INDEX "produce_offers_supplier_idx" ON "produce_offers" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "produce_offers_active_idx" ON "produce_offers" USING btree ("id") WHERE "produce_offers"."is_active";--> statement-breakpoint
CREATE INDEX "tenders_supplier_idx" ON "tenders" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "tenders_offer_idx" ON "tenders" USING btree ("offer_id");--> statement-breakpoint
ALTER TABLE "crate_balances" ADD CONSTRAINT "crate_balances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_client_transaction_id_client_transactions_id_fk" FOREIGN KEY ("client_transaction_id") REFERENCES "public"."client_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crate_movements_client_transaction_idx" ON "crate_movements" USING btree ("client_transaction_id");