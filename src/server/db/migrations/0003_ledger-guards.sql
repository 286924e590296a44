ALTER TABLE "transmissions" ALTER COLUMN "to_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crate_balances" ADD COLUMN "market_agent_id" integer GENERATED ALWAYS AS (case when holder like 'agent:%' then split_part(holder, ':', 2)::integer end) STORED;--> statement-breakpoint
ALTER TABLE "crate_balances" ADD COLUMN "supplier_id" integer GENERATED ALWAYS AS (case when holder like 'supplier:%' then split_part(holder, ':', 2)::integer end) STORED;--> statement-breakpoint
ALTER TABLE "transmissions" ADD COLUMN "recalled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transmissions" ADD COLUMN "recalled_by" integer;--> statement-breakpoint
ALTER TABLE "crate_balances" ADD CONSTRAINT "crate_balances_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crate_balances" ADD CONSTRAINT "crate_balances_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_from_holder_crate_balances_holder_fk" FOREIGN KEY ("from_holder") REFERENCES "public"."crate_balances"("holder") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_to_holder_crate_balances_holder_fk" FOREIGN KEY ("to_holder") REFERENCES "public"."crate_balances"("holder") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_recalled_by_users_id_fk" FOREIGN KEY ("recalled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crate_balances" ADD CONSTRAINT "crate_balances_not_negative" CHECK ("crate_balances"."balance" >= 0 or "crate_balances"."holder" in ('external', 'writeoff'));--> statement-breakpoint
ALTER TABLE "crate_balances" ADD CONSTRAINT "crate_balances_holder_form" CHECK ("crate_balances"."holder" ~ '^(external|farm|transit|writeoff|agent:[1-9][0-9]*:(full|empty)|client:[1-9][0-9]*|supplier:[1-9][0-9]*)$');--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_quantity_positive" CHECK ("crate_movements"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_two_holders" CHECK ("crate_movements"."from_holder" <> "crate_movements"."to_holder");--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_kind_known" CHECK ("crate_movements"."kind" in ('stock_adjustment', 'opening_balance', 'dispatch', 'receipt', 'count_difference', 'lend', 'client_return', 'supplier_issue', 'resolution', 'recall'));--> statement-breakpoint
ALTER TABLE "pepper_pricing" ADD CONSTRAINT "pepper_pricing_availability_known" CHECK ("pepper_pricing"."availability" in ('In Season', 'Limited', 'Out of Season'));--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_type_known" CHECK ("transmissions"."type" in ('farm_to_market', 'market_to_farm', 'supplier_to_farm'));--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_status_known" CHECK ("transmissions"."status" in ('pending', 'in_transit', 'delivered', 'acknowledged', 'recalled'));--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_quantity_positive" CHECK ("transmissions"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_actual_not_negative" CHECK ("transmissions"."actual_quantity" >= 0);--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_addressed" CHECK ("transmissions"."to_user_id" is not null or "transmissions"."type" in ('market_to_farm', 'supplier_to_farm'));--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_agent_named" CHECK ("transmissions"."type" = 'supplier_to_farm' or "transmissions"."market_agent_id" is not null);--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_status_known" CHECK ("suppliers"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_certification_known" CHECK ("suppliers"."certification_type" in ('class1', 'organic', 'gmp', 'globalGAP', 'other'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('farm_store', 'market_agent', 'supplier'));--> statement-breakpoint
-- Hand-written below (docs/decisions/012). What an agent returns and a supplier requests goes to the
-- farm store role, not to one person: earlier rows addressed to a farm store user become role-addressed.
UPDATE "transmissions" SET "to_user_id" = NULL
WHERE "type" IN ('market_to_farm', 'supplier_to_farm')
  AND "to_user_id" IN (SELECT "id" FROM "users" WHERE "role" = 'farm_store');--> statement-breakpoint
-- The crate ledger is append-only: a correction is a new movement, never an edited or deleted one.
CREATE FUNCTION "crate_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'crate_movements is append-only: % is refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "crate_movements_no_update_or_delete" BEFORE UPDATE OR DELETE ON "crate_movements"
FOR EACH ROW EXECUTE FUNCTION "crate_movements_append_only"();--> statement-breakpoint
CREATE TRIGGER "crate_movements_no_truncate" BEFORE TRUNCATE ON "crate_movements"
FOR EACH STATEMENT EXECUTE FUNCTION "crate_movements_append_only"();
