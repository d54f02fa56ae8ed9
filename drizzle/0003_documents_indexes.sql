DROP INDEX "documents_student_idx";--> statement-breakpoint
CREATE INDEX "documents_student_uploaded_idx" ON "documents" USING btree ("student_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_storage_key_unique" ON "documents" USING btree ("storage_key");