ALTER TABLE "students" ADD COLUMN "record_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The record's version (docs/decisions/019): up by one with every change to a column that
-- students_record_change already watches for last activity, whoever writes it.
CREATE OR REPLACE FUNCTION "note_student_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."first_name", NEW."last_name", NEW."email", NEW."school_id", NEW."agent_id",
      NEW."face_verified", NEW."verification_result", NEW."admission_status", NEW."degree",
      NEW."major", NEW."admitted_semester", NEW."acceptance_letter_url", NEW."i20_issued",
      NEW."i20_issued_on", NEW."i20_document_url", NEW."sevis_paid", NEW."sevis_paid_on",
      NEW."moi_status", NEW."visa_appointment_on", NEW."disabled_at")
    IS DISTINCT FROM
     (OLD."first_name", OLD."last_name", OLD."email", OLD."school_id", OLD."agent_id",
      OLD."face_verified", OLD."verification_result", OLD."admission_status", OLD."degree",
      OLD."major", OLD."admitted_semester", OLD."acceptance_letter_url", OLD."i20_issued",
      OLD."i20_issued_on", OLD."i20_document_url", OLD."sevis_paid", OLD."sevis_paid_on",
      OLD."moi_status", OLD."visa_appointment_on", OLD."disabled_at")
  THEN
    NEW."last_activity_at" := greatest(NEW."last_activity_at", now());
    NEW."record_version" := greatest(NEW."record_version", OLD."record_version" + 1);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- An application moved to another status, or removed, changes its student's record too. Not one
-- added: a restore inserts the applications after their students, whose versions it has already
-- put back as they were.
CREATE FUNCTION "note_application_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "students" SET "record_version" = "record_version" + 1
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."student_id" ELSE NEW."student_id" END;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "applications_record_version" AFTER DELETE OR UPDATE OF "status" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "note_application_record_change"();
