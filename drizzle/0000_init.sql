CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"logo_url" text,
	"phone_number" text,
	"public_email" text,
	"city" text,
	"state" text,
	"country" text,
	"business_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facebook" text,
	"instagram" text,
	"twitter" text,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" uuid NOT NULL,
	"university" text NOT NULL,
	"program" text NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"portal_url" text,
	"admissions_email" text,
	"admissions_phone" text,
	"program_start_date" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" uuid NOT NULL,
	"application_id" integer,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_verification_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"delivery_digest" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_verification_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"session_url" text,
	"status" text DEFAULT 'created' NOT NULL,
	"result_code" text,
	"reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"consecutive_misses" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" uuid NOT NULL,
	"application_id" integer,
	"direction" text NOT NULL,
	"from_name" text NOT NULL,
	"to_name" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moi_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moi_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text DEFAULT 'recording' NOT NULL,
	"review_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moi_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"video_index" integer NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passkey_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"student_id" uuid NOT NULL,
	"public_key" "bytea" NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_type" text,
	"backed_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'United States' NOT NULL,
	"nationality" text DEFAULT '' NOT NULL,
	"visa_status" text DEFAULT 'F-1' NOT NULL,
	"i20_school_code" text,
	"current_education_level" text DEFAULT '' NOT NULL,
	"intended_major" text DEFAULT '' NOT NULL,
	"english_proficiency" text DEFAULT '' NOT NULL,
	"housing_preference" text,
	"dietary_restrictions" text,
	"additional_notes" text,
	"passport_number_encrypted" text,
	"date_of_birth_encrypted" text,
	"medical_conditions_encrypted" text,
	"emergency_contact_encrypted" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"require_moi" boolean DEFAULT false NOT NULL,
	"institution_type" text,
	"institution_size" text,
	"phone_number" text,
	"inbound_email_address" text,
	"whatsapp_number" text,
	"address_line_1" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country" text,
	"facebook" text,
	"instagram" text,
	"twitter" text,
	"website" text,
	"mission" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"school_id" integer,
	"agent_id" integer,
	"passport_number_hash" text NOT NULL,
	"date_of_birth_hash" text NOT NULL,
	"face_verified" boolean DEFAULT false NOT NULL,
	"verification_result" text DEFAULT 'pending' NOT NULL,
	"admission_status" text DEFAULT 'Processing' NOT NULL,
	"degree" text,
	"major" text,
	"admitted_semester" text,
	"acceptance_letter_url" text,
	"i20_issued" boolean DEFAULT false NOT NULL,
	"i20_document_url" text,
	"sevis_paid" boolean DEFAULT false NOT NULL,
	"moi_status" text DEFAULT 'Incomplete' NOT NULL,
	"tokens_valid_after" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visa_wait_time_refreshes" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"source_updated_on" text,
	"post_count" integer NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visa_wait_times" (
	"post" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"country_code" text,
	"student_visa_wait_time" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"feature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"student_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verification_events" ADD CONSTRAINT "identity_verification_events_session_id_identity_verification_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."identity_verification_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verification_sessions" ADD CONSTRAINT "identity_verification_sessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moi_sessions" ADD CONSTRAINT "moi_sessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moi_videos" ADD CONSTRAINT "moi_videos_session_id_moi_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."moi_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moi_videos" ADD CONSTRAINT "moi_videos_question_id_moi_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."moi_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_credentials" ADD CONSTRAINT "passkey_credentials_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_student_idx" ON "applications" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "documents_student_idx" ON "documents" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_events_delivery_unique" ON "identity_verification_events" USING btree ("delivery_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_provider_session_unique" ON "identity_verification_sessions" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "identity_sessions_student_idx" ON "identity_verification_sessions" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_code_hash_unique" ON "invites" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "messages_student_idx" ON "messages" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "moi_sessions_student_idx" ON "moi_sessions" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moi_videos_session_index_unique" ON "moi_videos" USING btree ("session_id","video_index");--> statement-breakpoint
CREATE INDEX "passkey_credentials_student_idx" ON "passkey_credentials" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_email_unique" ON "students" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_email_feature_unique" ON "waitlist_entries" USING btree (lower("email"),"feature");