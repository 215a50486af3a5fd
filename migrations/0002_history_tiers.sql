CREATE TABLE `recent_activity` (
	`created_at` integer NOT NULL,
	`card_token` integer NOT NULL,
	`device_fingerprint` integer NOT NULL,
	`ip_address` integer NOT NULL,
	`imei` integer,
	`event_subtype` integer,
	`amount_cents` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `recent_device_created_idx` ON `recent_activity` (`device_fingerprint`,`created_at`);--> statement-breakpoint
CREATE INDEX `recent_ip_created_idx` ON `recent_activity` (`ip_address`,`created_at`);--> statement-breakpoint
CREATE INDEX `recent_card_created_idx` ON `recent_activity` (`card_token`,`created_at`);--> statement-breakpoint
CREATE INDEX `recent_imei_created_idx` ON `recent_activity` (`imei`,`created_at`);--> statement-breakpoint
-- Data: the last two hours of short-window columns move to the short tier before they are dropped.
INSERT INTO `recent_activity` (`created_at`, `card_token`, `device_fingerprint`, `ip_address`, `imei`, `event_subtype`, `amount_cents`)
  SELECT `created_at`, `card_token`, `device_fingerprint`, `ip_address`, `imei`, `event_subtype`, `amount_cents` FROM `decisions`
  WHERE `created_at` >= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 7200000 ORDER BY `id`;--> statement-breakpoint
DROP INDEX `decisions_device_created_idx`;--> statement-breakpoint
DROP INDEX `decisions_ip_created_idx`;--> statement-breakpoint
DROP INDEX `decisions_card_created_idx`;--> statement-breakpoint
DROP INDEX `decisions_imei_created_idx`;--> statement-breakpoint
ALTER TABLE `decisions` DROP COLUMN `card_token`;--> statement-breakpoint
ALTER TABLE `decisions` DROP COLUMN `ip_address`;--> statement-breakpoint
ALTER TABLE `decisions` DROP COLUMN `imei`;--> statement-breakpoint
ALTER TABLE `decisions` DROP COLUMN `amount_cents`;