CREATE TABLE "change_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tags" text[] NOT NULL,
	"audience" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_events_created_idx" ON "change_events" USING btree ("created_at");