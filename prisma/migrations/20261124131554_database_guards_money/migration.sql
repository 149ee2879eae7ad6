-- DropForeignKey
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_walletId_fkey";

-- DropForeignKey
ALTER TABLE "LedgerEntry" DROP CONSTRAINT "LedgerEntry_accountId_fkey";

-- DropIndex
DROP INDEX "Event_applicationId_livemode_createdAt_idx";

-- DropIndex
DROP INDEX "Event_applicationId_livemode_type_idx";

-- DropIndex
DROP INDEX "WebhookDelivery_applicationId_livemode_createdAt_idx";

-- CreateIndex
CREATE INDEX "Event_applicationId_livemode_createdAt_id_idx" ON "Event"("applicationId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Event_applicationId_livemode_type_createdAt_id_idx" ON "Event"("applicationId", "livemode", "type", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerAccount_id_currency_key" ON "LedgerAccount"("id", "currency");

-- CreateIndex
CREATE INDEX "WebhookDelivery_applicationId_livemode_createdAt_id_idx" ON "WebhookDelivery"("applicationId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_applicationId_livemode_status_createdAt_id_idx" ON "WebhookDelivery"("applicationId", "livemode", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_createdAt_id_idx" ON "WebhookDelivery"("endpointId", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerTransfer" ADD CONSTRAINT "LedgerTransfer_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerTransfer" ADD CONSTRAINT "LedgerTransfer_authorizationId_fkey" FOREIGN KEY ("authorizationId") REFERENCES "Authorization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_accountId_currency_fkey" FOREIGN KEY ("accountId", "currency") REFERENCES "LedgerAccount"("id", "currency") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Statement" ADD CONSTRAINT "Statement_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proof" ADD CONSTRAINT "Proof_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Everything below is written by hand: Prisma does not model CHECK constraints or triggers, and
-- later diffs leave them alone. The application checks the same rules first (and answers with a
-- 4xx); these make the database refuse a bad row whatever wrote it.

-- Amounts: an authorization's amount is positive; what is captured stays within it, what is
-- refunded within what was captured. Ledger entries are signed (see schema.prisma), never zero.
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_captured_within_authorized"
  CHECK ("capturedAmount" >= 0 AND "capturedAmount" <= "amount");
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_refunded_within_captured"
  CHECK ("refundedAmount" >= 0 AND "refundedAmount" <= "capturedAmount");
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_status_check"
  CHECK ("status" IN ('pending', 'declined', 'closed'));
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_source_check" CHECK ("source" IN ('sdk', 'tap'));
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_decline_code_check"
  CHECK (("status" = 'declined') = ("declineCode" IS NOT NULL));
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_amount_nonzero" CHECK ("amount" <> 0);
ALTER TABLE "Card" ADD CONSTRAINT "Card_spend_limit_positive" CHECK ("spendLimit" IS NULL OR "spendLimit" > 0);

-- Balances: a wallet account's holds are never negative and never exceed its posted balance
-- (available >= 0), which also keeps the posted balance >= 0; the upper bound of both is the BIGINT
-- column's own (lib/money/bounds.ts MAX_BALANCE_MINOR). The reserve's balance is only ever derived
-- by SUM, so its cached columns stay 0.
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_held_nonnegative" CHECK ("heldMinor" >= 0);
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_held_within_posted" CHECK ("heldMinor" <= "postedMinor");
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_kind_check" CHECK ("kind" IN ('wallet', 'reserve'));
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_owner_check"
  CHECK (("kind" = 'wallet') = ("walletId" IS NOT NULL) AND ("kind" = 'wallet') = ("applicationId" IS NOT NULL));
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_reserve_uncached"
  CHECK ("kind" <> 'reserve' OR ("postedMinor" = 0 AND "heldMinor" = 0));
ALTER TABLE "Statement" ADD CONSTRAINT "Statement_balances_nonnegative"
  CHECK ("openingMinor" >= 0 AND "closingMinor" >= 0);
ALTER TABLE "Statement" ADD CONSTRAINT "Statement_period_check" CHECK ("periodStart" <= "periodEnd");
ALTER TABLE "Proof" ADD CONSTRAINT "Proof_amount_nonnegative" CHECK ("amountMinor" IS NULL OR "amountMinor" >= 0);
ALTER TABLE "Proof" ADD CONSTRAINT "Proof_funds_check"
  CHECK ("kind" <> 'funds' OR ("amountMinor" IS NOT NULL AND "currency" IS NOT NULL));

-- Status and kind columns take only the values the code writes (TEXT + CHECK rather than enums,
-- so the generated types stay plain strings).
ALTER TABLE "Wallet" ADD CONSTRAINT "Wallet_status_check" CHECK ("status" IN ('active', 'frozen', 'closed'));
ALTER TABLE "Card" ADD CONSTRAINT "Card_status_check" CHECK ("status" IN ('active', 'frozen', 'canceled'));
ALTER TABLE "Card" ADD CONSTRAINT "Card_kind_check" CHECK ("kind" IN ('virtual'));
ALTER TABLE "Card" ADD CONSTRAINT "Card_exp_month_check" CHECK ("expMonth" BETWEEN 1 AND 12);
ALTER TABLE "LedgerTransfer" ADD CONSTRAINT "LedgerTransfer_kind_check"
  CHECK ("kind" IN ('funding', 'capture', 'refund'));
ALTER TABLE "LedgerTransfer" ADD CONSTRAINT "LedgerTransfer_authorization_check"
  CHECK (("kind" IN ('capture', 'refund')) = ("authorizationId" IS NOT NULL));
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_status_check"
  CHECK ("status" IN ('pending', 'succeeded', 'failed'));
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_attempt_count_nonnegative" CHECK ("attemptCount" >= 0);
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_trigger_check" CHECK ("trigger" IN ('retry', 'replay'));
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_state_check"
  CHECK ("state" IN ('in_progress', 'completed'));
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_completed_check"
  CHECK ("state" <> 'completed' OR ("responseStatus" IS NOT NULL AND "responseBody" IS NOT NULL));
ALTER TABLE "Proof" ADD CONSTRAINT "Proof_kind_check" CHECK ("kind" IN ('address', 'funds'));

-- A committed transfer balances: at least two entries, summing to zero in each currency. Checked
-- at commit (DEFERRABLE INITIALLY DEFERRED), once the transfer and all its entries are written,
-- from both sides, so neither an unbalanced new transfer nor an entry added later to an old one
-- can commit. Raised as a check_violation naming "LedgerTransfer_balanced".
CREATE FUNCTION ledger_check_transfer_balanced(transfer_id TEXT) RETURNS void AS $$
DECLARE
  entry_count BIGINT;
  unbalanced TEXT;
BEGIN
  SELECT COALESCE(SUM(g.n), 0), string_agg(g.currency || ' ' || g.total, ', ') FILTER (WHERE g.total <> 0)
    INTO entry_count, unbalanced
    FROM (SELECT "currency", COUNT(*) AS n, SUM("amount") AS total
          FROM "LedgerEntry" WHERE "transferId" = transfer_id GROUP BY "currency") g;
  IF entry_count < 2 THEN
    RAISE EXCEPTION 'ledger transfer % has % entries; a transfer needs at least two', transfer_id, entry_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'LedgerTransfer_balanced', TABLE = 'LedgerTransfer';
  END IF;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer % does not sum to zero per currency (%)', transfer_id, unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'LedgerTransfer_balanced', TABLE = 'LedgerTransfer';
  END IF;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION ledger_transfer_balanced() RETURNS trigger AS $$
BEGIN
  PERFORM ledger_check_transfer_balanced(NEW."id");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION ledger_entry_transfer_balanced() RETURNS trigger AS $$
BEGIN
  PERFORM ledger_check_transfer_balanced(NEW."transferId");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER "LedgerTransfer_balanced" AFTER INSERT ON "LedgerTransfer"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transfer_balanced();
CREATE CONSTRAINT TRIGGER "LedgerEntry_transfer_balanced" AFTER INSERT ON "LedgerEntry"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_transfer_balanced();
