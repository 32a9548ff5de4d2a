-- Scheduled clean-ups (issue 48): the hourly retention sweep (modules/retention) deletes read
-- notifications, applied webhook events and ended sessions by age, a bounded batch at a time; these
-- let each batch find its rows without reading the whole table.
CREATE INDEX "notifications_read_idx" ON "notifications" USING btree ("read_at") WHERE "notifications"."read_at" is not null;--> statement-breakpoint
CREATE INDEX "processed_events_processed_idx" ON "processed_events" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "account_sessions_ended_idx" ON "account_sessions" USING btree ("ended_at") WHERE "account_sessions"."ended_at" is not null;
