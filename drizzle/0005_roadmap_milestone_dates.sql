ALTER TABLE "students" ADD COLUMN "i20_issued_on" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sevis_paid_on" date;