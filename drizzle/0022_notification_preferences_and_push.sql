CREATE TABLE "notification_opt_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid,
	"staff_id" uuid,
	"category" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_opt_outs_category" CHECK ("notification_opt_outs"."category" in ('messages', 'status', 'reminders', 'security', 'account', 'digest')),
	CONSTRAINT "notification_opt_outs_channel" CHECK ("notification_opt_outs"."channel" in ('email', 'push')),
	CONSTRAINT "notification_opt_outs_one_person" CHECK (("notification_opt_outs"."student_id" is null) <> ("notification_opt_outs"."staff_id" is null))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid,
	"staff_id" uuid,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_one_person" CHECK (("push_subscriptions"."student_id" is null) <> ("push_subscriptions"."staff_id" is null))
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_opt_outs" ADD CONSTRAINT "notification_opt_outs_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opt_outs" ADD CONSTRAINT "notification_opt_outs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_opt_outs_student_unique" ON "notification_opt_outs" USING btree ("student_id","category","channel") WHERE "notification_opt_outs"."student_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_opt_outs_staff_unique" ON "notification_opt_outs" USING btree ("staff_id","category","channel") WHERE "notification_opt_outs"."staff_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_student_idx" ON "push_subscriptions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_staff_idx" ON "push_subscriptions" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_language" CHECK ("students"."language" in ('en', 'zh-Hans', 'hi', 'ko', 'vi', 'bn', 'ne', 'pt-BR', 'es', 'ar'));