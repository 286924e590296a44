CREATE TABLE "billing_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"transmission_id" integer NOT NULL,
	"market_agent_id" integer NOT NULL,
	"acknowledged_on" date NOT NULL,
	"crates" integer NOT NULL,
	"cycle_id" integer,
	"amount" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_lines_crates_not_negative" CHECK ("billing_lines"."crates" >= 0),
	CONSTRAINT "billing_lines_billed_has_amount" CHECK (("billing_lines"."cycle_id" is null) = ("billing_lines"."amount" is null))
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cycle_id" integer NOT NULL,
	"market_agent_id" integer NOT NULL,
	"crates" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_amount_positive" CHECK ("billing_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "billing_records" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "billing_records" CASCADE;--> statement-breakpoint
ALTER TABLE "billing_cycles" DROP CONSTRAINT "billing_cycles_status_known";--> statement-breakpoint
DROP INDEX "billing_cycles_one_active_idx";--> statement-breakpoint
DROP INDEX "billing_cycles_end_idx";--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "market_agents" ADD COLUMN "account_type" text;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_transmission_id_transmissions_id_fk" FOREIGN KEY ("transmission_id") REFERENCES "public"."transmissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_cycle_id_billing_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."billing_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_cycle_id_billing_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."billing_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_lines_transmission_idx" ON "billing_lines" USING btree ("transmission_id");--> statement-breakpoint
CREATE INDEX "billing_lines_cycle_agent_idx" ON "billing_lines" USING btree ("cycle_id","market_agent_id");--> statement-breakpoint
CREATE INDEX "billing_lines_agent_cycle_idx" ON "billing_lines" USING btree ("market_agent_id","cycle_id");--> statement-breakpoint
CREATE INDEX "billing_lines_unbilled_idx" ON "billing_lines" USING btree ("acknowledged_on","id") WHERE "billing_lines"."cycle_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_cycle_agent_idx" ON "billing_payments" USING btree ("cycle_id","market_agent_id");--> statement-breakpoint
CREATE INDEX "billing_payments_agent_idx" ON "billing_payments" USING btree ("market_agent_id","cycle_id");--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_cycles_start_idx" ON "billing_cycles" USING btree ("start_date","id");--> statement-breakpoint
-- Issue 20 (decision 024): cycles' dates decide. Cycles outside 2000-01-01..2100-12-31 are removed, and of
-- two overlapping cycles the one created later keeps its dates: the earlier one ends the day before it
-- starts, or is removed when it started on or after it. Their returns become billing lines again below.
DELETE FROM "billing_cycles" WHERE "start_date" < '2000-01-01' OR "end_date" > '2100-12-31';--> statement-breakpoint
DO $$
DECLARE
  newer record;
BEGIN
  FOR newer IN SELECT "id" FROM "billing_cycles" ORDER BY "id" DESC LOOP
    DELETE FROM "billing_cycles" o USING "billing_cycles" n
      WHERE n."id" = newer."id" AND o."id" < n."id"
        AND o."start_date" <= n."end_date" AND n."start_date" <= o."end_date"
        AND o."start_date" >= n."start_date";
    UPDATE "billing_cycles" o SET "end_date" = n."start_date" - 1
      FROM "billing_cycles" n
      WHERE n."id" = newer."id" AND o."id" < n."id"
        AND o."start_date" <= n."end_date" AND n."start_date" <= o."end_date";
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_no_overlap" EXCLUDE USING gist (daterange("start_date", "end_date", '[]') WITH &&);--> statement-breakpoint
-- Every acknowledged return becomes its line: the crates the ledger booked into the farm for it (the
-- count and its corrections), on the day it was acknowledged in the default FARM_TIMEZONE, billed to
-- the cycle covering that day at that cycle's rate, or unbilled.
INSERT INTO "billing_lines" ("transmission_id", "market_agent_id", "acknowledged_on", "crates")
SELECT t."id", t."market_agent_id", (t."acknowledged_at" AT TIME ZONE 'Africa/Johannesburg')::date,
  greatest(0, coalesce((
    SELECT sum(CASE WHEN m."to_holder" = 'farm' THEN m."quantity" ELSE -m."quantity" END)
    FROM "crate_movements" m
    WHERE m."transmission_id" = t."id" AND (m."to_holder" = 'farm' OR m."from_holder" = 'farm')
  ), 0))
FROM "transmissions" t
WHERE t."type" = 'market_to_farm' AND t."status" = 'acknowledged'
  AND t."market_agent_id" IS NOT NULL AND t."acknowledged_at" IS NOT NULL;--> statement-breakpoint
UPDATE "billing_lines" l SET "cycle_id" = c."id", "amount" = c."rate_per_crate" * l."crates"
FROM "billing_cycles" c
WHERE l."acknowledged_on" BETWEEN c."start_date" AND c."end_date";--> statement-breakpoint
ALTER TABLE "billing_cycles" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "billing_cycles" DROP COLUMN "completed_at";--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_dates_in_range" CHECK ("billing_cycles"."start_date" >= '2000-01-01' and "billing_cycles"."end_date" <= '2100-12-31');