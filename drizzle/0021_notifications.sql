CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"category" text NOT NULL,
	"template" text NOT NULL,
	"student_id" uuid,
	"staff_id" uuid,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"once_key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notifications_channel" CHECK ("notifications"."channel" in ('email', 'push')),
	CONSTRAINT "notifications_category" CHECK ("notifications"."category" in ('messages', 'status', 'reminders', 'security', 'account', 'digest')),
	CONSTRAINT "notifications_state" CHECK ("notifications"."state" in ('queued', 'enqueued', 'sent', 'failed', 'skipped')),
	CONSTRAINT "notifications_one_recipient" CHECK (("notifications"."student_id" is null) <> ("notifications"."staff_id" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_key_unique" ON "notifications" USING btree ("once_key");--> statement-breakpoint
CREATE INDEX "notifications_queued_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "notifications_failed_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."state" = 'failed';--> statement-breakpoint
CREATE INDEX "notifications_student_idx" ON "notifications" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "notifications_staff_idx" ON "notifications" USING btree ("staff_id");