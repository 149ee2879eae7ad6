-- AlterTable
ALTER TABLE "Proof" ADD COLUMN     "signingKid" TEXT;

-- AlterTable
ALTER TABLE "Statement" ADD COLUMN     "signingKid" TEXT;

-- CreateTable
CREATE TABLE "DocumentSigningKey" (
    "kid" TEXT NOT NULL,
    "publicJwk" JSONB NOT NULL,
    "sealedPrivateKey" TEXT NOT NULL,
    "current" BOOLEAN,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),

    CONSTRAINT "DocumentSigningKey_pkey" PRIMARY KEY ("kid")
);

-- CreateIndex
CREATE UNIQUE INDEX "DocumentSigningKey_current_key" ON "DocumentSigningKey"("current");

-- CreateIndex
CREATE INDEX "Proof_signingKid_expiresAt_idx" ON "Proof"("signingKid", "expiresAt");

-- CreateIndex
CREATE INDEX "Statement_signingKid_expiresAt_idx" ON "Statement"("signingKid", "expiresAt");

-- The key in use has current = true and no retiredAt; a retired key has NULL and its retiredAt.
ALTER TABLE "DocumentSigningKey" ADD CONSTRAINT "DocumentSigningKey_current_or_retired"
  CHECK (("current" = true AND "retiredAt" IS NULL) OR ("current" IS NULL AND "retiredAt" IS NOT NULL));
