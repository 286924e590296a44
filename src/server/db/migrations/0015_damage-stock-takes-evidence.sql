CREATE TABLE "stock_take_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_take_id" integer NOT NULL,
	"market_agent_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "stock_take_counts_status_known" CHECK ("stock_take_counts"."status" in ('open', 'submitted', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "stock_take_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"count_id" integer NOT NULL,
	"holder_kind" text NOT NULL,
	"client_id" integer,
	"expected" integer NOT NULL,
	"counted" integer NOT NULL,
	"resolution" text,
	"resolution_note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "stock_take_lines_kind_known" CHECK ("stock_take_lines"."holder_kind" in ('full', 'empty', 'client')),
	CONSTRAINT "stock_take_lines_client_named" CHECK (("stock_take_lines"."holder_kind" = 'client') = ("stock_take_lines"."client_id" is not null)),
	CONSTRAINT "stock_take_lines_counts" CHECK ("stock_take_lines"."expected" >= 0 and "stock_take_lines"."counted" >= 0),
	CONSTRAINT "stock_take_lines_resolution_known" CHECK ("stock_take_lines"."resolution" is null or "stock_take_lines"."resolution" in ('accepted', 'recount'))
);
--> statement-breakpoint
CREATE TABLE "stock_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_by" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crate_movements" DROP CONSTRAINT "crate_movements_kind_known";--> statement-breakpoint
ALTER TABLE "stock_take_counts" ADD CONSTRAINT "stock_take_counts_stock_take_id_stock_takes_id_fk" FOREIGN KEY ("stock_take_id") REFERENCES "public"."stock_takes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_counts" ADD CONSTRAINT "stock_take_counts_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_counts" ADD CONSTRAINT "stock_take_counts_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_count_id_stock_take_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_take_counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_take_counts_take_agent_uq" ON "stock_take_counts" USING btree ("stock_take_id","market_agent_id");--> statement-breakpoint
CREATE INDEX "stock_take_counts_agent_idx" ON "stock_take_counts" USING btree ("market_agent_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_take_counts_one_unfinished_uq" ON "stock_take_counts" USING btree ("market_agent_id") WHERE "stock_take_counts"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "stock_take_counts_submitted_idx" ON "stock_take_counts" USING btree ("id") WHERE "stock_take_counts"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "stock_take_lines_count_idx" ON "stock_take_lines" USING btree ("count_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_take_lines_own_uq" ON "stock_take_lines" USING btree ("count_id","holder_kind") WHERE "stock_take_lines"."client_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_take_lines_client_uq" ON "stock_take_lines" USING btree ("count_id","client_id") WHERE "stock_take_lines"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "crate_movements_damage_idx" ON "crate_movements" USING btree ("id") WHERE "crate_movements"."kind" = 'damage';--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_kind_known" CHECK ("crate_movements"."kind" in ('stock_adjustment', 'opening_balance', 'dispatch', 'receipt', 'count_difference', 'lend', 'client_return', 'supplier_issue', 'resolution', 'recall', 'damage', 'stock_take'));