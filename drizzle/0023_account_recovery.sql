CREATE TABLE "account_recoveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"verification_result" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_recoveries_verification_result" CHECK ("account_recoveries"."verification_result" in ('pending', 'approved', 'approved_passport_mismatch', 'declined_fraud', 'declined_document_quality', 'declined_document_expired', 'declined_face_match', 'declined_unsupported_document', 'resubmission_requested', 'verification_failed'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor";--> statement-breakpoint
ALTER TABLE "credential_audit_log" DROP CONSTRAINT "credential_audit_proof";--> statement-breakpoint
ALTER TABLE "identity_verification_sessions" ADD COLUMN "recovery_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "recovery_misses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "recovery_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_recoveries" ADD CONSTRAINT "account_recoveries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_recoveries_student_idx" ON "account_recoveries" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "identity_verification_sessions" ADD CONSTRAINT "identity_verification_sessions_recovery_id_account_recoveries_id_fk" FOREIGN KEY ("recovery_id") REFERENCES "public"."account_recoveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_sessions_recovery_idx" ON "identity_verification_sessions" USING btree ("recovery_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor" CHECK ("audit_events"."actor" in ('staff', 'command-line', 'student'));--> statement-breakpoint
ALTER TABLE "credential_audit_log" ADD CONSTRAINT "credential_audit_proof" CHECK ("credential_audit_log"."proof" in ('onboarding', 'passkey', 'session', 'recovery', 'account-recovery'));