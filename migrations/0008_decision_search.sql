ALTER TABLE `decisions` ADD `card_token` integer;--> statement-breakpoint
ALTER TABLE `decisions` ADD `flagged_device` integer;--> statement-breakpoint
CREATE INDEX `decisions_phone_created_idx` ON `decisions` (`phone_number`,`created_at`) WHERE "decisions"."phone_number" is not null;--> statement-breakpoint
CREATE INDEX `decisions_card_created_idx` ON `decisions` (`card_token`,`created_at`) WHERE "decisions"."card_token" is not null;--> statement-breakpoint
CREATE INDEX `decisions_flagged_device_idx` ON `decisions` (`flagged_device`,`created_at`) WHERE "decisions"."flagged_device" is not null;