ALTER TABLE `decisions` ADD `ip_prefix` integer;--> statement-breakpoint
ALTER TABLE `recent_activity` ADD `ip_prefix` integer;--> statement-breakpoint
ALTER TABLE `recent_activity` ADD `ip_range` integer;--> statement-breakpoint
CREATE INDEX `recent_prefix_created_idx` ON `recent_activity` (`ip_prefix`,`created_at`) WHERE "recent_activity"."ip_prefix" is not null;--> statement-breakpoint
CREATE INDEX `recent_range_created_idx` ON `recent_activity` (`ip_range`,`created_at`) WHERE "recent_activity"."ip_range" is not null;