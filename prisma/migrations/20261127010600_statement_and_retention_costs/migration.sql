-- AlterTable
ALTER TABLE "LedgerEntry" ADD COLUMN     "balanceAfter" BIGINT;

-- DropIndex
DROP INDEX "RequestLog_createdAt_idx";

-- CreateIndex
CREATE INDEX "RequestLog_createdAt_idx" ON "RequestLog"("createdAt");

-- CreateIndex
CREATE INDEX "WebhookAttempt_bodiesDroppedAt_createdAt_idx" ON "WebhookAttempt"("bodiesDroppedAt", "createdAt");

-- Hand-written below (docs/decisions/statement-costs.md): a wallet account's running balance on
-- each of its entries. The trigger is separate from every other ledger trigger and only fills the
-- new row: it reads the account's newest entry, so it relies on what every writer already does,
-- holding the wallet account's row lock (lib/ledger/accounts.ts, post-transfer.ts); it takes that
-- lock itself too, so a writer that forgot still cannot interleave two running sums.
CREATE FUNCTION ledger_entry_balance_after() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous BIGINT;
BEGIN
  PERFORM 1 FROM "LedgerAccount" WHERE "id" = NEW."accountId" AND "kind" = 'wallet' FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    NEW."balanceAfter" := NULL;
    RETURN NEW;
  END IF;
  SELECT "balanceAfter" INTO previous FROM "LedgerEntry"
    WHERE "accountId" = NEW."accountId" ORDER BY "id" DESC LIMIT 1;
  NEW."balanceAfter" := COALESCE(previous, 0) + NEW."amount";
  RETURN NEW;
END;
$$;

CREATE TRIGGER "LedgerEntry_balance_after" BEFORE INSERT ON "LedgerEntry"
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_balance_after();

-- The entries written before: the running sum per wallet account in id order. The ledger refuses
-- updates (LedgerEntry_append_only); this one fill of a new column is the exception.
ALTER TABLE "LedgerEntry" DISABLE TRIGGER "LedgerEntry_append_only";
UPDATE "LedgerEntry" e SET "balanceAfter" = running.balance
FROM (
  SELECT entry."id", sum(entry."amount") OVER (PARTITION BY entry."accountId" ORDER BY entry."id") AS balance
  FROM "LedgerEntry" entry JOIN "LedgerAccount" account ON account."id" = entry."accountId"
  WHERE account."kind" = 'wallet'
) running
WHERE e."id" = running."id";
ALTER TABLE "LedgerEntry" ENABLE TRIGGER "LedgerEntry_append_only";
