-- CreateEnum
CREATE TYPE "WalletStatus" AS ENUM ('active', 'frozen', 'closed');

-- CreateEnum
CREATE TYPE "CardStatus" AS ENUM ('active', 'frozen', 'canceled');

-- CreateEnum
CREATE TYPE "CardKind" AS ENUM ('virtual');

-- CreateEnum
CREATE TYPE "LedgerAccountKind" AS ENUM ('wallet', 'reserve');

-- CreateEnum
CREATE TYPE "LedgerTransferKind" AS ENUM ('funding', 'capture', 'refund');

-- CreateEnum
CREATE TYPE "AuthorizationStatus" AS ENUM ('pending', 'declined', 'closed');

-- CreateEnum
CREATE TYPE "AuthorizationSource" AS ENUM ('sdk', 'tap');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "DeliveryTrigger" AS ENUM ('retry', 'replay');

-- CreateEnum
CREATE TYPE "IdempotencyState" AS ENUM ('in_progress', 'completed');

-- CreateEnum
CREATE TYPE "ProofKind" AS ENUM ('address', 'funds');

-- Written by hand from the generated diff, which dropped and re-added each column (losing its
-- data): every column is converted in place instead, its values cast to the enum, its indexes
-- rebuilt by PostgreSQL under the same names. A text default has no implicit cast to an enum, so
-- it is dropped before the conversion and set again after.

-- The CHECK constraints that listed each column's values (migration database_guards_money) are
-- what the enums now say: dropped. Those that tie a value to other columns are dropped before the
-- conversion and added back unchanged after it, so they compare enum values rather than the text
-- they were written against.
ALTER TABLE "Authorization" DROP CONSTRAINT "Authorization_status_check",
  DROP CONSTRAINT "Authorization_source_check",
  DROP CONSTRAINT "Authorization_decline_code_check";
ALTER TABLE "Card" DROP CONSTRAINT "Card_status_check", DROP CONSTRAINT "Card_kind_check";
ALTER TABLE "IdempotencyRecord" DROP CONSTRAINT "IdempotencyRecord_state_check",
  DROP CONSTRAINT "IdempotencyRecord_completed_check";
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_kind_check",
  DROP CONSTRAINT "LedgerAccount_owner_check",
  DROP CONSTRAINT "LedgerAccount_reserve_uncached";
ALTER TABLE "LedgerTransfer" DROP CONSTRAINT "LedgerTransfer_kind_check",
  DROP CONSTRAINT "LedgerTransfer_authorization_check";
ALTER TABLE "Proof" DROP CONSTRAINT "Proof_kind_check", DROP CONSTRAINT "Proof_funds_check";
ALTER TABLE "Wallet" DROP CONSTRAINT "Wallet_status_check";
ALTER TABLE "WebhookAttempt" DROP CONSTRAINT "WebhookAttempt_trigger_check";
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_status_check";

-- AlterTable (in place; ALTER COLUMN TYPE rewrites the table without firing row triggers, so
-- the ledger's append-only triggers on LedgerTransfer are not involved)
ALTER TABLE "Authorization" ALTER COLUMN "source" DROP DEFAULT;
ALTER TABLE "Authorization"
  ALTER COLUMN "status" TYPE "AuthorizationStatus" USING "status"::"AuthorizationStatus",
  ALTER COLUMN "source" TYPE "AuthorizationSource" USING "source"::"AuthorizationSource";
ALTER TABLE "Authorization" ALTER COLUMN "source" SET DEFAULT 'sdk';

-- AlterTable
ALTER TABLE "Card" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "Card"
  ALTER COLUMN "kind" TYPE "CardKind" USING "kind"::"CardKind",
  ALTER COLUMN "status" TYPE "CardStatus" USING "status"::"CardStatus";
ALTER TABLE "Card" ALTER COLUMN "status" SET DEFAULT 'active';

-- AlterTable
ALTER TABLE "IdempotencyRecord" ALTER COLUMN "state" TYPE "IdempotencyState" USING "state"::"IdempotencyState";

-- AlterTable
ALTER TABLE "LedgerAccount" ALTER COLUMN "kind" TYPE "LedgerAccountKind" USING "kind"::"LedgerAccountKind";

-- AlterTable
ALTER TABLE "LedgerTransfer" ALTER COLUMN "kind" TYPE "LedgerTransferKind" USING "kind"::"LedgerTransferKind";

-- AlterTable
ALTER TABLE "Proof" ALTER COLUMN "kind" TYPE "ProofKind" USING "kind"::"ProofKind";

-- AlterTable
ALTER TABLE "Wallet" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "Wallet" ALTER COLUMN "status" TYPE "WalletStatus" USING "status"::"WalletStatus";
ALTER TABLE "Wallet" ALTER COLUMN "status" SET DEFAULT 'active';

-- AlterTable
ALTER TABLE "WebhookAttempt" ALTER COLUMN "trigger" DROP DEFAULT;
ALTER TABLE "WebhookAttempt" ALTER COLUMN "trigger" TYPE "DeliveryTrigger" USING "trigger"::"DeliveryTrigger";
ALTER TABLE "WebhookAttempt" ALTER COLUMN "trigger" SET DEFAULT 'retry';

-- AlterTable
ALTER TABLE "WebhookDelivery" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "WebhookDelivery" ALTER COLUMN "status" TYPE "DeliveryStatus" USING "status"::"DeliveryStatus";
ALTER TABLE "WebhookDelivery" ALTER COLUMN "status" SET DEFAULT 'pending';

-- The constraints tying a value to other columns, as migration database_guards_money wrote them.
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_decline_code_check"
  CHECK (("status" = 'declined') = ("declineCode" IS NOT NULL));
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_owner_check"
  CHECK (("kind" = 'wallet') = ("walletId" IS NOT NULL) AND ("kind" = 'wallet') = ("applicationId" IS NOT NULL));
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_reserve_uncached"
  CHECK ("kind" <> 'reserve' OR ("postedMinor" = 0 AND "heldMinor" = 0));
ALTER TABLE "LedgerTransfer" ADD CONSTRAINT "LedgerTransfer_authorization_check"
  CHECK (("kind" IN ('capture', 'refund')) = ("authorizationId" IS NOT NULL));
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_completed_check"
  CHECK ("state" <> 'completed' OR ("responseStatus" IS NOT NULL AND "responseBody" IS NOT NULL));
ALTER TABLE "Proof" ADD CONSTRAINT "Proof_funds_check"
  CHECK ("kind" <> 'funds' OR ("amountMinor" IS NOT NULL AND "currency" IS NOT NULL));
