DROP TABLE `archive_staging`;--> statement-breakpoint
DROP TABLE `evidence`;--> statement-breakpoint
ALTER TABLE `decisions` DROP COLUMN `legacy_id`;