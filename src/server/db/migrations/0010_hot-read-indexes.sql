CREATE TABLE "farm_flow_totals" (
	"slot_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "billing_lines_cycle_agent_idx";--> statement-breakpoint
DROP INDEX "billing_lines_agent_cycle_idx";--> statement-breakpoint
DROP INDEX "client_transactions_agent_open_idx";--> statement-breakpoint
DROP INDEX "client_transactions_client_idx";--> statement-breakpoint
CREATE INDEX "billing_lines_acknowledged_idx" ON "billing_lines" USING btree ("acknowledged_on","market_agent_id");--> statement-breakpoint
CREATE INDEX "client_transactions_agent_created_idx" ON "client_transactions" USING btree ("market_agent_id","created_at");--> statement-breakpoint
CREATE INDEX "crate_balances_agent_idx" ON "crate_balances" USING btree ("market_agent_id") WHERE "crate_balances"."market_agent_id" is not null;--> statement-breakpoint
CREATE INDEX "crate_balances_client_idx" ON "crate_balances" USING btree ("client_id") WHERE "crate_balances"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "transmissions_sent_idx" ON "transmissions" USING btree ("sent_at","market_agent_id");--> statement-breakpoint
CREATE INDEX "billing_lines_cycle_agent_idx" ON "billing_lines" USING btree ("cycle_id","market_agent_id","crates","amount");--> statement-breakpoint
CREATE INDEX "billing_lines_agent_cycle_idx" ON "billing_lines" USING btree ("market_agent_id","cycle_id","crates","amount");--> statement-breakpoint
CREATE INDEX "client_transactions_agent_open_idx" ON "client_transactions" USING btree ("market_agent_id","id") WHERE "client_transactions"."is_open";--> statement-breakpoint
CREATE INDEX "client_transactions_client_idx" ON "client_transactions" USING btree ("client_id","id","quantity_borrowed","is_open","created_at");--> statement-breakpoint
-- Hand-written below (docs/decisions/030): the farm's flow so far, from the ledger, exactly as
-- moveCrates adds each movement from now on (crates/ledger.ts farmFlowOf).
INSERT INTO "farm_flow_totals" ("slot_start", "sent", "returned")
SELECT date_bin('15 minutes', "occurred_at", timestamptz '2000-01-01 00:00:00+00'),
  coalesce(sum("quantity") FILTER (WHERE "kind" = 'dispatch' AND "from_holder" = 'farm'), 0)
    - coalesce(sum("quantity") FILTER (WHERE "kind" = 'recall' AND "from_holder" = 'transit' AND "to_holder" = 'farm'), 0),
  coalesce(sum("quantity") FILTER (WHERE "kind" IN ('receipt', 'count_difference') AND "to_holder" = 'farm'), 0)
FROM "crate_movements"
WHERE ("kind" = 'dispatch' AND "from_holder" = 'farm')
   OR ("kind" = 'recall' AND "from_holder" = 'transit' AND "to_holder" = 'farm')
   OR ("kind" IN ('receipt', 'count_difference') AND "to_holder" = 'farm')
GROUP BY 1
ORDER BY 1;
