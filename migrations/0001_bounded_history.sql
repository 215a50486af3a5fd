CREATE TABLE `archive_staging` (
	`id` text PRIMARY KEY NOT NULL,
	`partition` text NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `archive_staging_partition_idx` ON `archive_staging` (`partition`);--> statement-breakpoint
CREATE TABLE `decisions` (
	`id` blob PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`idempotency_key` blob NOT NULL,
	`fingerprint` integer NOT NULL,
	`user_id` integer NOT NULL,
	`card_token` integer NOT NULL,
	`device_fingerprint` integer NOT NULL,
	`ip_address` integer NOT NULL,
	`phone_number` integer,
	`imei` integer,
	`event_subtype` integer,
	`amount_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`result` text NOT NULL,
	`archived` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `decisions_transaction_id_unique` ON `decisions` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `decisions_idempotency_key_idx` ON `decisions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `decisions_device_created_idx` ON `decisions` (`device_fingerprint`,`created_at`);--> statement-breakpoint
CREATE INDEX `decisions_ip_created_idx` ON `decisions` (`ip_address`,`created_at`);--> statement-breakpoint
CREATE INDEX `decisions_user_created_idx` ON `decisions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `decisions_card_created_idx` ON `decisions` (`card_token`,`created_at`);--> statement-breakpoint
CREATE INDEX `decisions_phone_created_idx` ON `decisions` (`phone_number`,`created_at`);--> statement-breakpoint
CREATE INDEX `decisions_imei_created_idx` ON `decisions` (`imei`,`created_at`);