-- The insights' day totals (docs/decisions/078). The tables start empty and no time zone is recorded
-- (settings 'crate-days:time-zone'), so nothing is kept yet: a farm's days are the calendar days of
-- FARM_TIMEZONE, which only the app knows. The app's next start (crates/crate-days.ts keepCrateDaysIn)
-- fills them from crate_movements in that zone, with the SQL moveCrates adds each movement with.
CREATE TABLE "agent_crate_days" (
	"market_agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"out" integer DEFAULT 0 NOT NULL,
	"back" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"written_off" integer DEFAULT 0 NOT NULL,
	"farm" integer DEFAULT 0 NOT NULL,
	"in_transit" integer DEFAULT 0 NOT NULL,
	"agents_full" integer DEFAULT 0 NOT NULL,
	"agents_empty" integer DEFAULT 0 NOT NULL,
	"at_clients" integer DEFAULT 0 NOT NULL,
	"with_suppliers" integer DEFAULT 0 NOT NULL,
	"writeoff" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"out_before" bigint,
	CONSTRAINT "agent_crate_days_market_agent_id_day_pk" PRIMARY KEY("market_agent_id","day")
);
--> statement-breakpoint
CREATE TABLE "agent_turnaround_days" (
	"market_agent_id" integer NOT NULL,
	"days_away" integer NOT NULL,
	"crates" bigint NOT NULL,
	CONSTRAINT "agent_turnaround_days_market_agent_id_days_away_pk" PRIMARY KEY("market_agent_id","days_away")
);
--> statement-breakpoint
CREATE TABLE "agent_turnarounds" (
	"market_agent_id" integer PRIMARY KEY NOT NULL,
	"settled_through" date,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"taken" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "agent_crate_days_day_idx" ON "agent_crate_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "agent_crate_days_lots_idx" ON "agent_crate_days" USING btree ("market_agent_id",("out_before" + "out")) WHERE "agent_crate_days"."out" > 0;
