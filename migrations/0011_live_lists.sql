CREATE TABLE `list_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant` text NOT NULL,
	`at` integer NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`subject_id` text NOT NULL,
	`list` text,
	`rule_id` text,
	`field` text NOT NULL,
	`cidr` text,
	`expires_at` integer,
	`reason` text
);
--> statement-breakpoint
CREATE INDEX `list_audit_tenant_idx` ON `list_audit` (`tenant`,`id`);--> statement-breakpoint
CREATE TABLE `list_items` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant` text NOT NULL,
	`list` text NOT NULL,
	`field` text NOT NULL,
	`value_hash` integer,
	`cidr` text,
	`range_start` text,
	`range_end` text,
	`expires_at` integer,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `list_items_tenant_idx` ON `list_items` (`tenant`,`list`,`id`);--> statement-breakpoint
CREATE INDEX `list_items_value_idx` ON `list_items` (`tenant`,`value_hash`) WHERE "list_items"."value_hash" is not null;--> statement-breakpoint
CREATE INDEX `list_items_range_idx` ON `list_items` (`tenant`,`range_start`) WHERE "list_items"."range_start" is not null;--> statement-breakpoint
CREATE TABLE `rule_snoozes` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant` text NOT NULL,
	`rule_id` text NOT NULL,
	`field` text NOT NULL,
	`value_hash` integer,
	`cidr` text,
	`range_start` text,
	`range_end` text,
	`expires_at` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rule_snoozes_tenant_idx` ON `rule_snoozes` (`tenant`,`rule_id`,`id`);--> statement-breakpoint
CREATE INDEX `rule_snoozes_value_idx` ON `rule_snoozes` (`tenant`,`value_hash`) WHERE "rule_snoozes"."value_hash" is not null;--> statement-breakpoint
CREATE INDEX `rule_snoozes_range_idx` ON `rule_snoozes` (`tenant`,`range_start`) WHERE "rule_snoozes"."range_start" is not null;