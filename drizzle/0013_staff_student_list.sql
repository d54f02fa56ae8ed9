-- The staff console's student list (docs/decisions/018): what it searches with, the stage, agency
-- and last activity it filters, sorts and counts by, and the figures the database keeps of them.
-- unaccent is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- What the list's search looks in: the name, e-mail and id, lower case and without accents.
-- unaccent() is only STABLE (its dictionary could be changed), so a stored column cannot call
-- it; this names the dictionary, which the portal never changes, and so may be IMMUTABLE.
CREATE FUNCTION "student_search_text"(first_name text, last_name text, email text, id uuid)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || id::text)) $$;--> statement-breakpoint
-- A word a search is made of, put the same way.
CREATE FUNCTION "student_search_words"(words text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, lower(words)) $$;--> statement-breakpoint
CREATE SCHEMA "derived";
--> statement-breakpoint
CREATE TABLE "derived"."student_stage_counts" (
	"grain" smallint NOT NULL,
	"school_id" integer,
	"agency_id" integer,
	"stage" text NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "student_stage_counts_key" UNIQUE NULLS NOT DISTINCT("grain","school_id","agency_id","stage")
);
--> statement-breakpoint
CREATE TABLE "derived"."student_words" (
	"word" text NOT NULL,
	"student_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"school_id" integer,
	"agency_id" integer,
	"last_name_key" text NOT NULL,
	"first_name_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "invite_lapses_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "visa_appointment_on" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "stage" text DEFAULT 'invited' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_text" text GENERATED ALWAYS AS (student_search_text("students"."first_name", "students"."last_name", "students"."email", "students"."id")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_student_newest_idx" ON "invites" USING btree ("student_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_by_office_idx" ON "messages" USING btree ("student_id") WHERE "messages"."direction" = 'outbound' and "messages"."office_read_at" is null;--> statement-breakpoint
CREATE INDEX "students_passport_hash_idx" ON "students" USING btree ("passport_number_hash");--> statement-breakpoint
CREATE INDEX "students_name_order_idx" ON "students" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "students_stage_name_order_idx" ON "students" USING btree ("stage",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "students_school_name_order_idx" ON "students" USING btree ("school_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "students_agency_name_order_idx" ON "students" USING btree ("agency_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "students_activity_order_idx" ON "students" USING btree (coalesce("last_activity_at", '-infinity'::timestamptz) desc,"id" desc);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_stage" CHECK ("students"."stage" in ('invited', 'identity_pending', 'identity_declined', 'verified', 'moi_interview', 'admitted', 'i20_issued', 'sevis_paid', 'visa_appointment'));--> statement-breakpoint
-- A student's agency is their agent's: set from agent_id on every write of it, and moved with an
-- agent who moves to another agency.
UPDATE "students" s SET "agency_id" = a."agency_id" FROM "agents" a WHERE a."id" = s."agent_id";--> statement-breakpoint
CREATE FUNCTION "set_student_agency"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."agency_id" := (SELECT "agency_id" FROM "agents" WHERE "id" = NEW."agent_id");
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "students_agency" BEFORE INSERT OR UPDATE OF "agent_id", "agency_id" ON "students"
  FOR EACH ROW EXECUTE FUNCTION "set_student_agency"();--> statement-breakpoint
CREATE FUNCTION "move_agent_students"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "students" SET "agency_id" = NEW."agency_id" WHERE "agent_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agents_students_agency" AFTER UPDATE OF "agency_id" ON "agents"
  FOR EACH ROW EXECUTE FUNCTION "move_agent_students"();--> statement-breakpoint
-- When a student's newest invite runs out while nobody has used or revoked it (the staff list's
-- "Invite expired"): set from the student's invites whenever one is added, used or revoked.
UPDATE "students" s SET "invite_lapses_at" = i."expires_at" FROM (
  SELECT DISTINCT ON ("student_id") "student_id", "expires_at", "used_at", "revoked_at"
  FROM "invites" ORDER BY "student_id", "created_at" DESC, "id" DESC
) i WHERE i."student_id" = s."id" AND i."used_at" IS NULL AND i."revoked_at" IS NULL;--> statement-breakpoint
CREATE FUNCTION "note_student_invite"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "students" SET "invite_lapses_at" = (
    SELECT CASE WHEN "used_at" IS NULL AND "revoked_at" IS NULL THEN "expires_at" END
    FROM "invites" WHERE "student_id" = NEW."student_id"
    ORDER BY "created_at" DESC, "id" DESC LIMIT 1)
  WHERE "id" = NEW."student_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invites_student_lapse" AFTER INSERT OR UPDATE OF "used_at", "revoked_at", "expires_at" ON "invites"
  FOR EACH ROW EXECUTE FUNCTION "note_student_invite"();--> statement-breakpoint
-- The stages of the students already here, by src/shared/student-stages.ts's rule as it stands
-- in this version (from now on the application writes them, db/student-stages.ts).
UPDATE "students" s SET "stage" = CASE
  WHEN NOT s."face_verified" THEN CASE
    WHEN s."verification_result" NOT IN ('pending', 'approved') THEN 'identity_declined'
    WHEN EXISTS (SELECT 1 FROM "identity_verification_sessions" v
                 WHERE v."student_id" = s."id" AND v."superseded_at" IS NULL) THEN 'identity_pending'
    ELSE 'invited' END
  WHEN s."sevis_paid" THEN 'sevis_paid'
  WHEN s."i20_issued" THEN 'i20_issued'
  WHEN lower(btrim(s."admission_status", E' \t\n\r')) IN ('admitted', 'accepted', 'enrolled') THEN 'admitted'
  WHEN s."moi_status" = 'Incomplete'
    AND coalesce((SELECT "require_moi" FROM "schools" WHERE "id" = s."school_id"), false) THEN 'moi_interview'
  ELSE 'verified' END;--> statement-breakpoint
-- Last activity: the latest of the rows that record something the student did, or a change to
-- their record (a profile's time is left out of this backfill: it is as likely an import's as the
-- student's). Each trigger takes the time from its own row (to_jsonb(NEW) ->> the column), so
-- a restore, which inserts those rows again with their times, gives back the same value.
UPDATE "students" s SET "last_activity_at" = a."at" FROM (
  SELECT "student_id", max("at") AS "at" FROM (
    SELECT "student_id", "uploaded_at" AS "at" FROM "documents"
    UNION ALL SELECT "student_id", "created_at" FROM "messages"
    UNION ALL SELECT "student_id", "created_at" FROM "identity_verification_sessions"
    UNION ALL SELECT "student_id", "created_at" FROM "passkey_credentials"
    UNION ALL SELECT "student_id", coalesce("submitted_at", "created_at") FROM "moi_sessions"
  ) x GROUP BY "student_id"
) a WHERE a."student_id" = s."id";--> statement-breakpoint
CREATE FUNCTION "note_student_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  happened_at timestamptz := (to_jsonb(NEW) ->> TG_ARGV[0])::timestamptz;
BEGIN
  IF happened_at IS NOT NULL THEN
    UPDATE "students" SET "last_activity_at" = happened_at
      WHERE "id" = NEW."student_id" AND ("last_activity_at" IS NULL OR "last_activity_at" < happened_at);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "documents_student_activity" AFTER INSERT ON "documents"
  FOR EACH ROW EXECUTE FUNCTION "note_student_activity"('uploaded_at');--> statement-breakpoint
CREATE TRIGGER "messages_student_activity" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "note_student_activity"('created_at');--> statement-breakpoint
CREATE TRIGGER "applications_student_activity" AFTER UPDATE OF "status" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "note_student_activity"('updated_at');--> statement-breakpoint
CREATE TRIGGER "identity_sessions_student_activity" AFTER INSERT ON "identity_verification_sessions"
  FOR EACH ROW EXECUTE FUNCTION "note_student_activity"('created_at');--> statement-breakpoint
CREATE TRIGGER "passkeys_student_activity" AFTER INSERT ON "passkey_credentials"
  FOR EACH ROW EXECUTE FUNCTION "note_student_activity"('created_at');--> statement-breakpoint
CREATE TRIGGER "moi_sessions_student_activity" AFTER INSERT ON "moi_sessions"
  FOR EACH ROW EXECUTE FUNCTION "note_student_activity"('created_at');--> statement-breakpoint
CREATE TRIGGER "moi_submissions_student_activity" AFTER UPDATE OF "submitted_at" ON "moi_sessions"
  FOR EACH ROW EXECUTE FUNCTION "note_student_activity"('submitted_at');--> statement-breakpoint
-- A profile's first row is written by whoever adds the student (an import, the seed): only the
-- student's own saves, which change it, are activity.
CREATE TRIGGER "profiles_student_activity" AFTER UPDATE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "note_student_activity"('updated_at');--> statement-breakpoint
-- A change to the student's own record is activity too: their names, school and agent, the
-- identity check's result, and every status the school, the agency or the student moves on.
-- Not the columns the portal keeps for itself (stage, sessions, lookup hashes, timestamps).
CREATE FUNCTION "note_student_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "students_record_change" BEFORE UPDATE ON "students"
  FOR EACH ROW EXECUTE FUNCTION "note_student_record_change"();--> statement-breakpoint
-- The stage counts (derived.student_stage_counts): every statement that inserts, changes or
-- deletes students adds what it changed, at every grain at once (GROUPING SETS); a truncate of
-- students counts them all again. A demo visitor's copy of a persona is nobody's student in the
-- console (docs/decisions/014), so it is not counted.
CREATE TYPE "derived"."student_stage_change" AS ("school_id" integer, "agency_id" integer, "stage" text, "change" integer);--> statement-breakpoint
CREATE FUNCTION "derived"."add_student_stage_counts"(changes "derived"."student_stage_change"[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO "derived"."student_stage_counts" AS c ("grain", "school_id", "agency_id", "stage", "students")
    SELECT grouping(d."school_id", d."agency_id"), d."school_id", d."agency_id", d."stage", sum(d."change")::int
    FROM unnest(changes) d
    GROUP BY GROUPING SETS ((d."stage"), (d."school_id", d."stage"), (d."agency_id", d."stage"),
                            (d."school_id", d."agency_id", d."stage"))
    HAVING sum(d."change") <> 0
  ON CONFLICT ON CONSTRAINT "student_stage_counts_key"
    DO UPDATE SET "students" = c."students" + excluded."students";
$$;--> statement-breakpoint
CREATE FUNCTION "derived"."recount_student_stages"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "derived"."student_stage_counts";
  SELECT "derived"."add_student_stage_counts"(
    array_agg(row("school_id", "agency_id", "stage", 1)::"derived"."student_stage_change"))
  FROM "public"."students" WHERE "demo" IS DISTINCT FROM 'visitor';
$$;--> statement-breakpoint
CREATE FUNCTION "derived"."recount_student_stages_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "derived"."recount_student_stages"();
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- One function for the three kinds of statement: each branch reads only the transition tables
-- its kind of trigger has (PL/pgSQL plans a statement when it first runs).
CREATE FUNCTION "derived"."count_changed_students"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "derived"."add_student_stage_counts"(array_agg(row("school_id", "agency_id", "stage", 1)::"derived"."student_stage_change"))
      FROM "rows_after" WHERE "demo" IS DISTINCT FROM 'visitor';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "derived"."add_student_stage_counts"(array_agg(row("school_id", "agency_id", "stage", -1)::"derived"."student_stage_change"))
      FROM "rows_before" WHERE "demo" IS DISTINCT FROM 'visitor';
  ELSE
    PERFORM "derived"."add_student_stage_counts"(array_agg(c)) FROM (
      SELECT row("school_id", "agency_id", "stage", 1)::"derived"."student_stage_change" AS c
        FROM "rows_after" WHERE "demo" IS DISTINCT FROM 'visitor'
      UNION ALL
      SELECT row("school_id", "agency_id", "stage", -1)::"derived"."student_stage_change"
        FROM "rows_before" WHERE "demo" IS DISTINCT FROM 'visitor'
    ) changes;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "students_stage_counts_insert" AFTER INSERT ON "students"
  REFERENCING NEW TABLE AS "rows_after"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."count_changed_students"();--> statement-breakpoint
CREATE TRIGGER "students_stage_counts_update" AFTER UPDATE ON "students"
  REFERENCING OLD TABLE AS "rows_before" NEW TABLE AS "rows_after"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."count_changed_students"();--> statement-breakpoint
CREATE TRIGGER "students_stage_counts_delete" AFTER DELETE ON "students"
  REFERENCING OLD TABLE AS "rows_before"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."count_changed_students"();--> statement-breakpoint
CREATE TRIGGER "students_stage_counts_truncate" AFTER TRUNCATE ON "students"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."recount_student_stages_trigger"();--> statement-breakpoint
SELECT "derived"."recount_student_stages"();
--> statement-breakpoint
-- The words of each student's search text (derived.student_words), cut where a name or address
-- has a space or punctuation ('.', '@', '_', '+', apostrophe, hyphen): rewritten for the students
-- a statement inserts or changes, removed with those it deletes. The prefix index holds every
-- column, so a search reads the index alone.
CREATE INDEX "student_words_prefix_idx" ON "derived"."student_words" ("word" text_pattern_ops)
  INCLUDE ("student_id", "stage", "school_id", "agency_id", "last_name_key", "first_name_key");--> statement-breakpoint
CREATE INDEX "student_words_student_idx" ON "derived"."student_words" ("student_id");--> statement-breakpoint
-- The students are joined to the ids (unnest), not picked by "= ANY (ids)": a statement that
-- changes 100,000 students must not compare each with every id.
CREATE FUNCTION "derived"."write_student_words"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "derived"."student_words" w USING unnest(ids) AS changed("id")
  WHERE w."student_id" = changed."id";
  INSERT INTO "derived"."student_words"
    ("word", "student_id", "stage", "school_id", "agency_id", "last_name_key", "first_name_key")
  SELECT DISTINCT w.word, s."id", s."stage", s."school_id", s."agency_id", lower(s."last_name"), lower(s."first_name")
  FROM unnest(ids) AS changed("id")
    JOIN "public"."students" s ON s."id" = changed."id",
    regexp_split_to_table(s."search_text", '[[:space:].@_+''-]+') AS w(word)
  WHERE s."demo" IS DISTINCT FROM 'visitor' AND w.word <> '';
$$;--> statement-breakpoint
CREATE FUNCTION "derived"."note_student_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "derived"."write_student_words"(array(SELECT "id" FROM "rows_after"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "derived"."write_student_words"(array(SELECT "id" FROM "rows_before"));
  ELSE
    PERFORM "derived"."write_student_words"(array(
      SELECT n."id" FROM "rows_after" n JOIN "rows_before" o ON o."id" = n."id"
      WHERE (n."search_text", n."stage", n."school_id", n."agency_id", n."demo")
        IS DISTINCT FROM (o."search_text", o."stage", o."school_id", o."agency_id", o."demo")));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "derived"."clear_student_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "derived"."student_words";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "students_words_insert" AFTER INSERT ON "students"
  REFERENCING NEW TABLE AS "rows_after"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."note_student_words"();--> statement-breakpoint
CREATE TRIGGER "students_words_update" AFTER UPDATE ON "students"
  REFERENCING OLD TABLE AS "rows_before" NEW TABLE AS "rows_after"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."note_student_words"();--> statement-breakpoint
CREATE TRIGGER "students_words_delete" AFTER DELETE ON "students"
  REFERENCING OLD TABLE AS "rows_before"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."note_student_words"();--> statement-breakpoint
CREATE TRIGGER "students_words_truncate" AFTER TRUNCATE ON "students"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."clear_student_words"();--> statement-breakpoint
SELECT "derived"."write_student_words"(array(SELECT "id" FROM "students"));
