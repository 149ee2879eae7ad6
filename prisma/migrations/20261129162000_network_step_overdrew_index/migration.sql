-- The wallets a card network step overdrew, found by `overdrew` first: the treasury figures read the
-- overdrawing steps alone, and the ledger check each wallet's (docs/decisions/card-network.md).

-- DropIndex
DROP INDEX "NetworkStep_walletId_overdrew_idx";

-- CreateIndex
CREATE INDEX "NetworkStep_overdrew_walletId_idx" ON "NetworkStep"("overdrew", "walletId");
