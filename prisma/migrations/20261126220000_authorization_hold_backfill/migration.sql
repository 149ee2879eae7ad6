-- Written by hand (data only, no schema change): holds approved before holds could end (migration
-- authorization_reversal_expiry) would otherwise stay open for good. Each gets the expiry a new hold
-- gets, counted from now rather than from its approval, so a merchant that still means to capture
-- one has the default AUTHORIZATION_HOLD_DAYS (7) from the day the rule arrived
-- (docs/decisions/holds-that-end.md), and its expiry job, as an approval queues it.
UPDATE "Authorization"
SET "expiresAt" = (now() AT TIME ZONE 'UTC') + interval '7 days'
WHERE "status" = 'pending' AND "expiresAt" IS NULL;

-- The job queue's tables are installed after our migrations (lib/db/migrate-database.ts): a
-- database that has pending holds has run before and has them; a new one has no holds, and the
-- statement below is then never planned.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "Authorization" WHERE "status" = 'pending') THEN
    PERFORM graphile_worker.add_job(
      'authorization_expire',
      json_build_object('authorizationId', "id"),
      run_at => "expiresAt" AT TIME ZONE 'UTC',
      max_attempts => 25,
      job_key => 'authorization_expire:' || "id")
    FROM "Authorization"
    WHERE "status" = 'pending' AND "expiresAt" IS NOT NULL;
  END IF;
END $$;
