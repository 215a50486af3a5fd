CREATE TABLE `evidence` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`user_id` text NOT NULL,
	`card_token` text NOT NULL,
	`device_fingerprint` text NOT NULL,
	`ip_address` text NOT NULL,
	`phone_number` text,
	`imei` text,
	`event_subtype` text,
	`amount_cents` integer NOT NULL,
	`request` text NOT NULL,
	`features` text NOT NULL,
	`scores` text NOT NULL,
	`signals` text NOT NULL,
	`decision` text NOT NULL,
	`policy_version` text NOT NULL,
	`latency_ms` real NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evidence_transaction_id_unique` ON `evidence` (`transaction_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `evidence_idempotency_key_unique` ON `evidence` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `evidence_device_created_idx` ON `evidence` (`device_fingerprint`,`created_at`);--> statement-breakpoint
CREATE INDEX `evidence_ip_created_idx` ON `evidence` (`ip_address`,`created_at`);--> statement-breakpoint
CREATE INDEX `evidence_user_created_idx` ON `evidence` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `evidence_card_created_idx` ON `evidence` (`card_token`,`created_at`);--> statement-breakpoint
CREATE INDEX `evidence_phone_created_idx` ON `evidence` (`phone_number`,`created_at`);--> statement-breakpoint
CREATE INDEX `evidence_imei_created_idx` ON `evidence` (`imei`,`created_at`);