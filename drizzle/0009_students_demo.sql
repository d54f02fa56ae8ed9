ALTER TABLE "students" ADD COLUMN "demo" text;--> statement-breakpoint
CREATE INDEX "students_demo_visitor_created_idx" ON "students" USING btree ("created_at") WHERE "students"."demo" = 'visitor';--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_demo_kind" CHECK ("students"."demo" in ('persona', 'visitor'));--> statement-breakpoint
-- The demo seed's people from before this column: the seed gives each of them an address at
-- demo.student-portal.test (a reserved name no real student has), so outside demo mode they are
-- refused however old the database is.
UPDATE "students" SET "demo" = 'persona' WHERE lower("email") LIKE '%@demo.student-portal.test';
