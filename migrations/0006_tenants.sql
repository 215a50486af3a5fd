-- Tenants: outcomes are keyed by (tenant, transaction_id); existing rows belong to the tenant `default`.
-- The rewrite of `outcomes` copies every row (the INSERT names 'default' for the new column).
DROP INDEX `reviews_status_idx`;--> statement-breakpoint
ALTER TABLE `reviews` ADD `tenant` text DEFAULT 'default' NOT NULL;--> statement-breakpoint
CREATE INDEX `reviews_tenant_status_idx` ON `reviews` (`tenant`,`status`,`evidence_id`);--> statement-breakpoint
CREATE TABLE `__new_outcomes` (
	`tenant` text DEFAULT 'default' NOT NULL,
	`transaction_id` text NOT NULL,
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
	`resolved_by` text,
	PRIMARY KEY(`tenant`, `transaction_id`)
);
--> statement-breakpoint
INSERT INTO `__new_outcomes`("tenant", "transaction_id", "evidence_id", "decision", "policy_version", "decided_at", "user_id", "card_token", "outcome", "reported_at", "recorded_at", "source", "note", "resolved_by") SELECT 'default', "transaction_id", "evidence_id", "decision", "policy_version", "decided_at", "user_id", "card_token", "outcome", "reported_at", "recorded_at", "source", "note", "resolved_by" FROM `outcomes`;--> statement-breakpoint
DROP TABLE `outcomes`;--> statement-breakpoint
ALTER TABLE `__new_outcomes` RENAME TO `outcomes`;--> statement-breakpoint
CREATE UNIQUE INDEX `outcomes_evidence_id_unique` ON `outcomes` (`evidence_id`);--> statement-breakpoint
CREATE INDEX `outcomes_user_idx` ON `outcomes` (`user_id`,`outcome`);--> statement-breakpoint
CREATE INDEX `outcomes_card_idx` ON `outcomes` (`card_token`,`outcome`);--> statement-breakpoint
CREATE INDEX `outcomes_decided_idx` ON `outcomes` (`decided_at`);--> statement-breakpoint
ALTER TABLE `decisions` ADD `tenant` text;--> statement-breakpoint
ALTER TABLE `shadow_decisions` ADD `tenant` text;