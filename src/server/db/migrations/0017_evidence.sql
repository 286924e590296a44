CREATE TABLE "evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_kind" text NOT NULL,
	"transmission_id" integer,
	"stock_take_line_id" integer,
	"client_transaction_id" integer,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"photo" "bytea" NOT NULL,
	"note" text,
	"attached_by" integer NOT NULL,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_record_kind_known" CHECK ("evidence"."record_kind" in ('transmission', 'stock-take-line', 'client-transaction')),
	CONSTRAINT "evidence_content_type_known" CHECK ("evidence"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "evidence_one_record" CHECK (("evidence"."record_kind" = 'transmission') = ("evidence"."transmission_id" is not null)
        and ("evidence"."record_kind" = 'stock-take-line') = ("evidence"."stock_take_line_id" is not null)
        and ("evidence"."record_kind" = 'client-transaction') = ("evidence"."client_transaction_id" is not null)),
	CONSTRAINT "evidence_size" CHECK ("evidence"."byte_size" > 0 and "evidence"."byte_size" = octet_length("evidence"."photo") and "evidence"."byte_size" <= 307200),
	CONSTRAINT "evidence_note_length" CHECK ("evidence"."note" is null or char_length("evidence"."note") <= 300)
);
--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_transmission_id_transmissions_id_fk" FOREIGN KEY ("transmission_id") REFERENCES "public"."transmissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_stock_take_line_id_stock_take_lines_id_fk" FOREIGN KEY ("stock_take_line_id") REFERENCES "public"."stock_take_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_client_transaction_id_client_transactions_id_fk" FOREIGN KEY ("client_transaction_id") REFERENCES "public"."client_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_attached_by_users_id_fk" FOREIGN KEY ("attached_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_transmission_idx" ON "evidence" USING btree ("transmission_id","id") WHERE "evidence"."transmission_id" is not null;--> statement-breakpoint
CREATE INDEX "evidence_stock_take_line_idx" ON "evidence" USING btree ("stock_take_line_id","id") WHERE "evidence"."stock_take_line_id" is not null;--> statement-breakpoint
CREATE INDEX "evidence_client_transaction_idx" ON "evidence" USING btree ("client_transaction_id","id") WHERE "evidence"."client_transaction_id" is not null;