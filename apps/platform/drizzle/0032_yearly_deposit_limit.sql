-- A yearly deposit limit beside day, week and month (spec §3 and §9: periods day, week, month, year; issue 28).
ALTER TABLE "deposit_limits" DROP CONSTRAINT "deposit_limits_period_check";--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD CONSTRAINT "deposit_limits_period_check" CHECK ("period" in ('day', 'week', 'month', 'year'));
