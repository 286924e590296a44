CREATE TABLE "weekly_summary_sends" (
	"market_agent_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_summary_sends_market_agent_id_week_start_pk" PRIMARY KEY("market_agent_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "weekly_summary_sends" ADD CONSTRAINT "weekly_summary_sends_market_agent_id_market_agents_id_fk" FOREIGN KEY ("market_agent_id") REFERENCES "public"."market_agents"("id") ON DELETE cascade ON UPDATE no action;