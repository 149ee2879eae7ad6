-- AlterEnum
ALTER TYPE "LedgerAccountKind" ADD VALUE 'balance';

-- AlterEnum
ALTER TYPE "LedgerTransferKind" ADD VALUE 'top_up';
ALTER TYPE "LedgerTransferKind" ADD VALUE 'transfer';

-- CreateTable
CREATE TABLE "TopUp" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "reference" TEXT,
    "description" TEXT,
    "ledgerTransferId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TopUp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Transfer" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "fromWalletId" TEXT,
    "toWalletId" TEXT,
    "description" TEXT,
    "metadata" JSONB,
    "ledgerTransferId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Transfer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TopUp_ledgerTransferId_key" ON "TopUp"("ledgerTransferId");
CREATE INDEX "TopUp_applicationId_livemode_createdAt_idx" ON "TopUp"("applicationId", "livemode", "createdAt");
CREATE UNIQUE INDEX "TopUp_applicationId_livemode_reference_key" ON "TopUp"("applicationId", "livemode", "reference");
CREATE UNIQUE INDEX "Transfer_ledgerTransferId_key" ON "Transfer"("ledgerTransferId");
CREATE INDEX "Transfer_applicationId_livemode_createdAt_id_idx" ON "Transfer"("applicationId", "livemode", "createdAt", "id");
CREATE INDEX "Transfer_fromWalletId_createdAt_id_idx" ON "Transfer"("fromWalletId", "createdAt", "id");
CREATE INDEX "Transfer_toWalletId_createdAt_id_idx" ON "Transfer"("toWalletId", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "TopUp" ADD CONSTRAINT "TopUp_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "TopUp" ADD CONSTRAINT "TopUp_ledgerTransferId_fkey" FOREIGN KEY ("ledgerTransferId") REFERENCES "LedgerTransfer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Transfer" ADD CONSTRAINT "Transfer_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Transfer" ADD CONSTRAINT "Transfer_fromWalletId_fkey" FOREIGN KEY ("fromWalletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Transfer" ADD CONSTRAINT "Transfer_toWalletId_fkey" FOREIGN KEY ("toWalletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Transfer" ADD CONSTRAINT "Transfer_ledgerTransferId_fkey" FOREIGN KEY ("ledgerTransferId") REFERENCES "LedgerTransfer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written below (docs/decisions/money-movement.md). The new enum values are compared as text:
-- PostgreSQL refuses a value added to an enum in the same transaction as a constraint that uses it.
-- An application's balance account has an application and no wallet; a wallet's has both; the
-- reserve neither.
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_owner_check";
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_owner_check"
  CHECK (("kind"::text = 'wallet') = ("walletId" IS NOT NULL)
     AND ("kind"::text IN ('wallet', 'balance')) = ("applicationId" IS NOT NULL));
-- One balance account per application, mode and currency: by the owner check, the accounts with an
-- application and no wallet are exactly the balance accounts.
CREATE UNIQUE INDEX "LedgerAccount_balance_key" ON "LedgerAccount"("applicationId", "livemode", "currency")
  WHERE "walletId" IS NULL AND "applicationId" IS NOT NULL;

-- The balances' sum is a running total like the wallets' (the treasury figures' liabilities).
ALTER TABLE "LedgerTotalDelta" DROP CONSTRAINT "LedgerTotalDelta_metric";
ALTER TABLE "LedgerTotalDelta" ADD CONSTRAINT "LedgerTotalDelta_metric"
  CHECK ("metric" IN ('wallet', 'reserve', 'balance', 'wallets', 'active_cards', 'card_volume'));
ALTER TABLE "LedgerTotal" DROP CONSTRAINT "LedgerTotal_metric";
ALTER TABLE "LedgerTotal" ADD CONSTRAINT "LedgerTotal_metric"
  CHECK ("metric" IN ('wallet', 'reserve', 'balance', 'wallets', 'active_cards', 'card_volume', 'card_volume_hour'));

-- Amounts are positive; a transfer has two different sides, at least one of them a wallet; a
-- reference is never empty.
ALTER TABLE "TopUp" ADD CONSTRAINT "TopUp_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "TopUp" ADD CONSTRAINT "TopUp_reference_check" CHECK ("reference" IS NULL OR length("reference") > 0);
ALTER TABLE "Transfer" ADD CONSTRAINT "Transfer_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "Transfer" ADD CONSTRAINT "Transfer_sides_check"
  CHECK (("fromWalletId" IS NOT NULL OR "toWalletId" IS NOT NULL) AND "fromWalletId" IS DISTINCT FROM "toWalletId");

-- A balance account keeps a running balance on its entries as a wallet's does, so the ledger
-- verification checks its cached balance the same way (no balance account has entries yet).
CREATE OR REPLACE FUNCTION ledger_entry_balance_after() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous BIGINT;
BEGIN
  PERFORM 1 FROM "LedgerAccount" WHERE "id" = NEW."accountId" AND "kind"::text IN ('wallet', 'balance') FOR NO KEY UPDATE;
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
