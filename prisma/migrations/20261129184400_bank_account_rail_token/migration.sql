-- The live payout rail's own token for a bank account (Lithic's external bank account), kept on its
-- first live payout so every later one reuses it (docs/decisions/money-movement.md).

-- AlterTable
ALTER TABLE "BankAccount" ADD COLUMN     "railAccountToken" TEXT;
