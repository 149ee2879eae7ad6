-- The listen feed (issue 38, part 3): each event's recording transaction id. Added without a value
-- for existing rows and the default set after, so the table is not rewritten.
ALTER TABLE "Event" ADD COLUMN "txid" BIGINT;
ALTER TABLE "Event" ALTER COLUMN "txid" SET DEFAULT ((pg_current_xact_id())::text)::bigint;

-- CreateIndex
CREATE INDEX "Event_applicationId_livemode_txid_id_idx" ON "Event"("applicationId", "livemode", "txid", "id");
