-- A drawn round is never rolled back (issue 22 §1): the platform's definite refusal of a round is kept with it.
ALTER TABLE "studio"."rounds" ADD COLUMN "refusal_code" text;
