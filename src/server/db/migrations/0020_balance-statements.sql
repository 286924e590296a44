CREATE TABLE "balance_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_agent_id" integer NOT NULL,
	"month" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"opening" integer NOT NULL,
	"received" integer NOT NULL,
	"sent_back" integer NOT NULL,
	"count_differences" integer NOT NULL,
	"missing" integer NOT NULL,
	"damaged" integer NOT NULL,
	"adjustments" integer NOT NULL,
	"at_clients" integer NOT NULL,
	"closing" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" integer NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"believed_closing" integer,
	"dispute_note" text,
	"resolution" text,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"adjustment_movement_id" bigint,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "balance_statements_month_form" CHECK ("balance_statements"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "balance_statements_status_known" CHECK ("balance_statements"."status" in ('waiting', 'confirmed', 'disputed', 'resolved')),
	CONSTRAINT "balance_statements_resolution_known" CHECK ("balance_statements"."resolution" is null or "balance_statements"."resolution" in ('accepted', 'answered')),
	CONSTRAINT "balance_statements_figures_add_up" CHECK ("balance_statements"."opening" + "balance_statements"."received" - "balance_statements"."sent_back" + "balance_statements"."count_differences" - "balance_statements"."missing" - "balance_statements"."damaged" + "balance_statements"."adjustments" = "balance_statements"."closing"),
	CONSTRAINT "balance_statements_period" CHECK ("balance_statements"."period_start" < "balance_statements"."period_end"),
	CONSTRAINT "balance_statements_disputed_with_figure" CHECK ("balance_statements"."status" not in ('disputed', 'resolved') or "balance_statements"."believed_closing" is not null),
	CONSTRAINT "balance_statements_resolved_how" CHECK (("balance_statements"."status" = 'resolved') = ("balance_statements"."resolution" is not null))
);
--> statement-breakpoint
CREATE TABLE "statement_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "statement_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "crate_movements" DROP CONSTRAINT "crate_movements_kind_known";--> statement-breakpoint
ALTER TABLE "evidence" DROP CONSTRAINT "evidence_record_kind_known";--> statement-breakpoint
ALTER TABLE "evidence" DROP CONSTRAINT "evidence_one_record";--> statement-breakpoint
ALTER TABLE "evidence" ADD COLUMN "balance_statement_id" integer;--> statement-breakpoint
ALTER TABLE "balance_statements" ADD CONSTRAINT "balance_statements_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_statements" ADD CONSTRAINT "balance_statements_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_statements" ADD CONSTRAINT "balance_statements_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_statements" ADD CONSTRAINT "balance_statements_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_statements" ADD CONSTRAINT "balance_statements_adjustment_movement_id_crate_movements_id_fk" FOREIGN KEY ("adjustment_movement_id") REFERENCES "public"."crate_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_links" ADD CONSTRAINT "statement_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_links" ADD CONSTRAINT "statement_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_statements_agent_month_uq" ON "balance_statements" USING btree ("market_agent_id","month");--> statement-breakpoint
CREATE INDEX "balance_statements_month_idx" ON "balance_statements" USING btree ("month","market_agent_id");--> statement-breakpoint
CREATE INDEX "balance_statements_period_end_idx" ON "balance_statements" USING btree ("period_end");--> statement-breakpoint
CREATE INDEX "balance_statements_waiting_idx" ON "balance_statements" USING btree ("issued_at") WHERE "balance_statements"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "statement_links_client_idx" ON "statement_links" USING btree ("client_id","id");--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_balance_statement_id_balance_statements_id_fk" FOREIGN KEY ("balance_statement_id") REFERENCES "public"."balance_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_balance_statement_idx" ON "evidence" USING btree ("balance_statement_id","id") WHERE "evidence"."balance_statement_id" is not null;--> statement-breakpoint
ALTER TABLE "crate_movements" ADD CONSTRAINT "crate_movements_kind_known" CHECK ("crate_movements"."kind" in ('stock_adjustment', 'opening_balance', 'dispatch', 'receipt', 'count_difference', 'lend', 'client_return', 'supplier_issue', 'resolution', 'recall', 'damage', 'stock_take', 'statement'));--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_record_kind_known" CHECK ("evidence"."record_kind" in ('transmission', 'stock-take-line', 'client-transaction', 'balance-statement'));--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_one_record" CHECK (("evidence"."record_kind" = 'transmission') = ("evidence"."transmission_id" is not null)
        and ("evidence"."record_kind" = 'stock-take-line') = ("evidence"."stock_take_line_id" is not null)
        and ("evidence"."record_kind" = 'client-transaction') = ("evidence"."client_transaction_id" is not null)
        and ("evidence"."record_kind" = 'balance-statement') = ("evidence"."balance_statement_id" is not null));--> statement-breakpoint
-- Hand-written below (decision 064). An issued monthly statement closes its month for its agent: a
-- crate movement dated before the end of that month that touches the agent's holders (its full and
-- empty crates, or a client of its) is refused here, whatever code writes it. Corrections land in the
-- current month. The first test skips every movement dated after the newest statement's month (all of
-- them but a back-dated one) with one look at an index.
CREATE FUNCTION "crate_movements_closed_months"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "balance_statements" WHERE "period_end" > NEW."occurred_at") THEN
    RETURN NEW;
  END IF;
  SELECT s."month", s."market_agent_id" INTO closed
  FROM "balance_statements" s
  WHERE s."period_end" > NEW."occurred_at"
    AND s."market_agent_id" IN (
      SELECT coalesce(b."market_agent_id", c."market_agent_id")
      FROM "crate_balances" b LEFT JOIN "clients" c ON c."id" = b."client_id"
      WHERE b."holder" IN (NEW."from_holder", NEW."to_holder"))
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'crate_movements: % is closed for market agent % (a statement was issued); book the correction in the current month',
      closed."month", closed."market_agent_id" USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "crate_movements_closed_months" BEFORE INSERT ON "crate_movements"
FOR EACH ROW EXECUTE FUNCTION "crate_movements_closed_months"();
