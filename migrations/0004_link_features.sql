ALTER TABLE `recent_activity` ADD `user_id` integer;--> statement-breakpoint
ALTER TABLE `recent_activity` ADD `sim_iccid` integer;--> statement-breakpoint
CREATE INDEX `recent_user_created_idx` ON `recent_activity` (`user_id`,`created_at`) WHERE "recent_activity"."user_id" is not null;