CREATE TABLE "document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"title" text NOT NULL,
	"note" text,
	"due_date" date,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_requests_state" CHECK ("document_requests"."state" in ('requested', 'under_review', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "school_checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"note" text,
	"due_in_days" smallint
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "document_request_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_checklist_items" ADD CONSTRAINT "school_checklist_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_requests_application_idx" ON "document_requests" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "document_requests_student_idx" ON "document_requests" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_checklist_items_position_unique" ON "school_checklist_items" USING btree ("school_id","position");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_document_request_id_document_requests_id_fk" FOREIGN KEY ("document_request_id") REFERENCES "public"."document_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_request_idx" ON "documents" USING btree ("document_request_id") WHERE "documents"."document_request_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_review_queue_idx" ON "documents" USING btree ("uploaded_at","id") WHERE "documents"."review" = 'pending';--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_review" CHECK ("documents"."review" in ('pending', 'accepted', 'rejected'));