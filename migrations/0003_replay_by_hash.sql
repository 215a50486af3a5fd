DROP INDEX `decisions_transaction_id_unique`;--> statement-breakpoint
DROP INDEX `decisions_phone_created_idx`;--> statement-breakpoint
ALTER TABLE `decisions` ADD `transaction_hash` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `decisions` ADD `legacy_id` text;--> statement-breakpoint
CREATE INDEX `decisions_transaction_hash_idx` ON `decisions` (`transaction_hash`);--> statement-breakpoint
CREATE INDEX `decisions_sim_swap_phone_idx` ON `decisions` (`phone_number`,`created_at`) WHERE "decisions"."event_subtype" = 4;--> statement-breakpoint
-- Data: the v4 evidence ids of first-schema rows lived in the compact result ($.e); keep them.
UPDATE `decisions` SET `legacy_id` = json_extract(`result`, '$.e') WHERE json_extract(`result`, '$.e') IS NOT NULL;--> statement-breakpoint
ALTER TABLE `decisions` DROP COLUMN `result`;--> statement-breakpoint
DROP INDEX `recent_imei_created_idx`;--> statement-breakpoint
ALTER TABLE `recent_activity` ADD `phone_number` integer;--> statement-breakpoint
CREATE INDEX `recent_phone_created_idx` ON `recent_activity` (`phone_number`,`created_at`) WHERE "recent_activity"."phone_number" is not null;--> statement-breakpoint
CREATE INDEX `recent_imei_created_idx` ON `recent_activity` (`imei`,`created_at`) WHERE "recent_activity"."imei" is not null;