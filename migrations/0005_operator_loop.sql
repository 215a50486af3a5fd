CREATE TABLE `outcomes` (
	`transaction_id` text PRIMARY KEY NOT NULL,
	`evidence_id` text NOT NULL,
	`decision` text NOT NULL,
	`policy_version` text NOT NULL,
	`decided_at` integer NOT NULL,
	`user_id` integer NOT NULL,
	`card_token` integer NOT NULL,
	`outcome` text NOT NULL,
	`reported_at` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	`source` text,
	`note` text,
	`resolved_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outcomes_evidence_id_unique` ON `outcomes` (`evidence_id`);--> statement-breakpoint
CREATE INDEX `outcomes_user_idx` ON `outcomes` (`user_id`,`outcome`);--> statement-breakpoint
CREATE INDEX `outcomes_card_idx` ON `outcomes` (`card_token`,`outcome`);--> statement-breakpoint
CREATE INDEX `outcomes_decided_idx` ON `outcomes` (`decided_at`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`evidence_id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`status` text NOT NULL,
	`opened_at` integer NOT NULL,
	`policy_version` text NOT NULL,
	`user_id` integer NOT NULL,
	`card_token` integer NOT NULL,
	`summary` text NOT NULL,
	`resolution` text,
	`resolved_at` integer,
	`resolved_by` text,
	`note` text
);
--> statement-breakpoint
CREATE INDEX `reviews_status_idx` ON `reviews` (`status`,`evidence_id`);--> statement-breakpoint
CREATE TABLE `shadow_decisions` (
	`id` blob PRIMARY KEY NOT NULL,
	`shadow_version` text NOT NULL,
	`live` text NOT NULL,
	`shadow` text NOT NULL
);
