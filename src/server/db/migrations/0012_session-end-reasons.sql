CREATE TABLE "ended_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forget_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ended_sessions_reason_known" CHECK ("ended_sessions"."reason" in ('password-reset', 'removed', 'password-changed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "ended_sessions" ADD CONSTRAINT "ended_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_sessions_forget_idx" ON "ended_sessions" USING btree ("forget_at");