-- CreateEnum
CREATE TYPE "PayoutStatus" AS ENUM ('pending', 'in_transit', 'paid', 'failed', 'returned', 'canceled');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "LedgerTransferKind" ADD VALUE 'payout';
ALTER TYPE "LedgerTransferKind" ADD VALUE 'payout_return';

-- CreateTable
CREATE TABLE "BankAccount" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "walletId" TEXT,
    "country" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "holderName" TEXT NOT NULL,
    "scheme" TEXT NOT NULL,
    "sealedDetails" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "bankCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BankAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payout" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "walletId" TEXT,
    "bankAccountId" TEXT NOT NULL,
    "holdAccountId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT,
    "status" "PayoutStatus" NOT NULL,
    "failureReason" TEXT,
    "rail" TEXT NOT NULL,
    "railReference" TEXT,
    "paidTransferId" TEXT,
    "returnTransferId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payout_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BankAccount_applicationId_livemode_walletId_createdAt_idx" ON "BankAccount"("applicationId", "livemode", "walletId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Payout_paidTransferId_key" ON "Payout"("paidTransferId");

-- CreateIndex
CREATE UNIQUE INDEX "Payout_returnTransferId_key" ON "Payout"("returnTransferId");

-- CreateIndex
CREATE INDEX "Payout_applicationId_livemode_createdAt_id_idx" ON "Payout"("applicationId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Payout_walletId_createdAt_id_idx" ON "Payout"("walletId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Payout_holdAccountId_status_idx" ON "Payout"("holdAccountId", "status");

-- AddForeignKey
ALTER TABLE "BankAccount" ADD CONSTRAINT "BankAccount_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BankAccount" ADD CONSTRAINT "BankAccount_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_bankAccountId_fkey" FOREIGN KEY ("bankAccountId") REFERENCES "BankAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_paidTransferId_fkey" FOREIGN KEY ("paidTransferId") REFERENCES "LedgerTransfer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_returnTransferId_fkey" FOREIGN KEY ("returnTransferId") REFERENCES "LedgerTransfer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written below (docs/decisions/money-movement.md): a payout's amount is positive, it is
-- posted out exactly when it was paid (and stays so when returned), credited back exactly when
-- returned, and fails or is returned with a reason.
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_paid_check"
  CHECK (("status" IN ('paid', 'returned')) = ("paidTransferId" IS NOT NULL));
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_returned_check"
  CHECK (("status" = 'returned') = ("returnTransferId" IS NOT NULL));
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_reason_check"
  CHECK (("status" IN ('failed', 'returned')) = ("failureReason" IS NOT NULL));
ALTER TABLE "BankAccount" ADD CONSTRAINT "BankAccount_scheme_check"
  CHECK ("scheme" IN ('us_aba', 'gb_sort_code', 'iban', 'ng_nuban'));
