DROP INDEX "transmissions_to_user_status_idx";--> statement-breakpoint
DROP INDEX "transmissions_returns_idx";--> statement-breakpoint
CREATE INDEX "transmissions_pending_to_idx" ON "transmissions" USING btree ("to_user_id","id") WHERE "transmissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "transmissions_flagged_all_idx" ON "transmissions" USING btree ("id") WHERE "transmissions"."is_flagged";--> statement-breakpoint
CREATE INDEX "transmissions_returns_idx" ON "transmissions" USING btree ("market_agent_id","acknowledged_at","actual_quantity") WHERE "transmissions"."type" = 'market_to_farm' and "transmissions"."status" = 'acknowledged';