CREATE TABLE "staff_enrolment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_passkey_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"public_key" "bytea" NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webauthn_challenges" DROP CONSTRAINT "webauthn_challenges_purpose";--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD COLUMN "staff_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_enrolment_links" ADD CONSTRAINT "staff_enrolment_links_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_passkey_credentials" ADD CONSTRAINT "staff_passkey_credentials_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_enrolment_links_token_hash_unique" ON "staff_enrolment_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_enrolment_links_staff_idx" ON "staff_enrolment_links" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_passkey_credentials_staff_idx" ON "staff_passkey_credentials" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_one_person" CHECK ("webauthn_challenges"."student_id" is null or "webauthn_challenges"."staff_id" is null);--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_purpose" CHECK ("webauthn_challenges"."purpose" in ('registration', 'authentication', 'confirmation', 'staff-registration', 'staff-authentication'));