ALTER TABLE `decisions` ADD `card_token` integer;--> statement-breakpoint
CREATE INDEX `decisions_phone_created_idx` ON `decisions` (`phone_number`,`created_at`) WHERE "decisions"."phone_number" is not null;--> statement-breakpoint
CREATE INDEX `decisions_card_created_idx` ON `decisions` (`card_token`,`created_at`) WHERE "decisions"."card_token" is not null;--> statement-breakpoint
CREATE INDEX `decisions_device_created_idx` ON `decisions` (`device_fingerprint`,`created_at`);