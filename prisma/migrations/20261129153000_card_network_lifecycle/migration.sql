-- The card network's lifecycle (issue 36, docs/decisions/card-network.md): authorizations whose
-- holds move by increments, advices, partial clearings, reversals and expiries; network messages
-- stored once per network id as each authorization's history; and balances that only a network's
-- advice, clearing, force post or return reversal may take below zero.

-- AlterEnum
ALTER TYPE "AuthorizationSource" ADD VALUE 'network';

-- AlterTable
ALTER TABLE "Authorization" ADD COLUMN "heldAmount" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN "networkRef" TEXT,
ADD COLUMN "processor" TEXT;

-- CreateTable
CREATE TABLE "NetworkStep" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "processor" TEXT NOT NULL,
    "networkId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "walletId" TEXT NOT NULL,
    "authorizationId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "outcome" JSONB NOT NULL,
    "overdrew" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NetworkStep_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "NetworkStep_authorizationId_createdAt_idx" ON "NetworkStep"("authorizationId", "createdAt");

-- CreateIndex
CREATE INDEX "NetworkStep_walletId_overdrew_idx" ON "NetworkStep"("walletId", "overdrew");

-- CreateIndex
CREATE UNIQUE INDEX "NetworkStep_applicationId_livemode_processor_networkId_key" ON "NetworkStep"("applicationId", "livemode", "processor", "networkId");

-- CreateIndex
CREATE UNIQUE INDEX "Authorization_applicationId_livemode_processor_networkRef_key" ON "Authorization"("applicationId", "livemode", "processor", "networkRef");

-- AddForeignKey
ALTER TABLE "NetworkStep" ADD CONSTRAINT "NetworkStep_authorizationId_fkey" FOREIGN KEY ("authorizationId") REFERENCES "Authorization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Everything below is written by hand (CHECK constraints and triggers; Prisma models neither).

-- Every open hold so far held its whole amount.
UPDATE "Authorization" SET "heldAmount" = "amount" WHERE "status" = 'pending';

-- Amounts: a zero-amount account verification or balance inquiry records an authorization of 0;
-- a clearing may exceed the hold within the tip tolerance, and a merchant credit may come with no
-- capture (a refund without an authorization), so captured and refunded are bounded below only.
-- What is held is never negative, never more than authorized, and nothing once the hold ended.
ALTER TABLE "Authorization" DROP CONSTRAINT "Authorization_amount_positive";
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_amount_nonnegative" CHECK ("amount" >= 0);
ALTER TABLE "Authorization" DROP CONSTRAINT "Authorization_captured_within_authorized";
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_captured_nonnegative" CHECK ("capturedAmount" >= 0);
ALTER TABLE "Authorization" DROP CONSTRAINT "Authorization_refunded_within_captured";
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_refunded_nonnegative" CHECK ("refundedAmount" >= 0);
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_held_within_amount"
  CHECK ("heldAmount" >= 0 AND "heldAmount" <= "amount" AND ("status" = 'pending' OR "heldAmount" = 0));
-- Only a processor's authorization carries its reference.
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_network_ref_processor"
  CHECK ("networkRef" IS NULL OR "processor" IS NOT NULL);

ALTER TABLE "NetworkStep" ADD CONSTRAINT "NetworkStep_amount_nonnegative" CHECK ("amount" >= 0);
ALTER TABLE "NetworkStep" ADD CONSTRAINT "NetworkStep_kind_check" CHECK ("kind" IN
  ('authorization', 'increment', 'advice', 'reversal', 'clearing', 'force_post', 'refund', 'return_reversal', 'expiry'));
ALTER TABLE "NetworkStep" ADD CONSTRAINT "NetworkStep_processor_check" CHECK ("processor" IN ('simulator', 'lithic'));

-- Balances: a wallet's available balance (posted - held) stayed >= 0 by a CHECK. The card network
-- can now take it below zero, but only through the paths that cannot be refused (a stand-in's
-- advice, a clearing, a force post, a return reversal), which say so for their transaction with
-- SET LOCAL "wallet_card.network_overdraft" = 'on' (lib/card-network/overdraft.ts) and record the
-- step as `overdrew`. Any other write that would lower an available balance below zero is refused
-- here, as the CHECK refused it. Statements may then open or close below zero.
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_held_within_posted";
ALTER TABLE "Statement" DROP CONSTRAINT "Statement_balances_nonnegative";

CREATE FUNCTION "LedgerAccount_overdraft_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."postedMinor" - NEW."heldMinor" < 0
     AND (TG_OP = 'INSERT' OR NEW."postedMinor" - NEW."heldMinor" < OLD."postedMinor" - OLD."heldMinor")
     AND COALESCE(current_setting('wallet_card.network_overdraft', true), '') <> 'on' THEN
    RAISE EXCEPTION 'available balance of ledger account % would go below zero', NEW.id
      USING ERRCODE = '23514', CONSTRAINT = 'LedgerAccount_held_within_posted';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "LedgerAccount_overdraft_guard" BEFORE INSERT OR UPDATE OF "postedMinor", "heldMinor"
  ON "LedgerAccount" FOR EACH ROW EXECUTE FUNCTION "LedgerAccount_overdraft_guard"();
