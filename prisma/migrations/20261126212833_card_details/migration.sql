-- AlterTable
ALTER TABLE "Card" ADD COLUMN     "sealedDetails" TEXT;

-- CreateTable
CREATE TABLE "CardDetailsSession" (
    "id" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardDetailsSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CardDetailsSession_tokenHash_key" ON "CardDetailsSession"("tokenHash");

-- CreateIndex
CREATE INDEX "CardDetailsSession_cardId_idx" ON "CardDetailsSession"("cardId");

-- AddForeignKey
ALTER TABLE "CardDetailsSession" ADD CONSTRAINT "CardDetailsSession_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "Card"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: a card's details are only ever stored sealed (lib/crypto/secret-box.ts's "v1."
-- form), so a number written in the clear by mistake is refused by the database itself.
ALTER TABLE "Card" ADD CONSTRAINT "Card_sealedDetails_sealed" CHECK ("sealedDetails" IS NULL OR "sealedDetails" LIKE 'v1.%');

-- Cards issued before this migration keep sealedDetails NULL: a number can only be sealed with the
-- service's SECRETS_KEY, which SQL does not hold. Each gets its number (ending in its existing
-- last4) and CVC from the application the first time its details are asked for
-- (lib/cards/card-number.ts, docs/decisions/wallets-and-cards.md).
