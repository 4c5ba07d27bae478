ALTER TABLE "studio"."rounds" DROP CONSTRAINT "rounds_status";--> statement-breakpoint
ALTER TABLE "studio"."rounds" DROP CONSTRAINT "rounds_stage";--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_status" CHECK ("studio"."rounds"."status" in ('open', 'settled', 'cancelled', 'refused'));--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_stage" CHECK ("studio"."rounds"."stage" in ('bet', 'bet_and_win', 'win', 'rollback', 'done'));