ALTER TABLE "transmissions" ADD COLUMN "stack_size" integer;--> statement-breakpoint
ALTER TABLE "transmissions" ADD COLUMN "scanned_stacks" integer[];--> statement-breakpoint
ALTER TABLE "transmissions" ADD CONSTRAINT "transmissions_stack_size_positive" CHECK ("transmissions"."stack_size" > 0);