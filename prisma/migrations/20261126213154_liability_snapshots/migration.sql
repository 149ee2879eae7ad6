-- CreateTable
CREATE TABLE "LiabilitySnapshot" (
    "id" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "asOf" TIMESTAMP(3) NOT NULL,
    "hash" TEXT NOT NULL,
    "previousHash" TEXT,
    "currencies" JSONB NOT NULL,
    "seedSealed" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LiabilitySnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LiabilityChunk" (
    "snapshotId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "firstWalletId" TEXT NOT NULL,
    "walletIds" TEXT[],
    "balances" BIGINT[],
    "rootHash" BYTEA NOT NULL,
    "rootSum" BIGINT NOT NULL,

    CONSTRAINT "LiabilityChunk_pkey" PRIMARY KEY ("snapshotId","currency","index")
);

-- CreateIndex
CREATE UNIQUE INDEX "LiabilitySnapshot_sequence_key" ON "LiabilitySnapshot"("sequence");

-- CreateIndex
CREATE UNIQUE INDEX "LiabilitySnapshot_hash_key" ON "LiabilitySnapshot"("hash");

-- CreateIndex
CREATE INDEX "LiabilityChunk_snapshotId_currency_firstWalletId_idx" ON "LiabilityChunk"("snapshotId", "currency", "firstWalletId");

-- Written by hand (Prisma does not model CHECK constraints): a tree's sums are never negative, a
-- chunk holds one balance per wallet and at most 1,024 of them, and the chain starts at 1.
ALTER TABLE "LiabilitySnapshot" ADD CONSTRAINT "LiabilitySnapshot_sequence_positive" CHECK ("sequence" >= 1);
ALTER TABLE "LiabilitySnapshot" ADD CONSTRAINT "LiabilitySnapshot_previous_hash_chain"
  CHECK (("sequence" = 1) = ("previousHash" IS NULL));
ALTER TABLE "LiabilityChunk" ADD CONSTRAINT "LiabilityChunk_root_sum_nonnegative" CHECK ("rootSum" >= 0);
ALTER TABLE "LiabilityChunk" ADD CONSTRAINT "LiabilityChunk_leaves"
  CHECK (cardinality("walletIds") = cardinality("balances") AND cardinality("walletIds") BETWEEN 1 AND 1024);
