-- CreateEnum
CREATE TYPE "CardProcessor" AS ENUM ('simulator', 'lithic');

-- AlterTable
ALTER TABLE "Card" ADD COLUMN     "processor" "CardProcessor" NOT NULL DEFAULT 'simulator',
ADD COLUMN     "processorCardToken" TEXT;

-- CreateTable
CREATE TABLE "ProcessorMessage" (
    "id" TEXT NOT NULL,
    "processor" "CardProcessor" NOT NULL,
    "messageId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "transactionRef" TEXT,
    "payload" JSONB NOT NULL,
    "outcome" TEXT,
    "answer" JSONB,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProcessorMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Card_processorCardToken_key" ON "Card"("processorCardToken");

-- CreateIndex
CREATE INDEX "ProcessorMessage_processor_transactionRef_idx" ON "ProcessorMessage"("processor", "transactionRef");

-- CreateIndex
CREATE UNIQUE INDEX "ProcessorMessage_processor_messageId_key" ON "ProcessorMessage"("processor", "messageId");

-- Added by hand (docs/decisions/card-processors.md) ------------------------------------------------
-- A Lithic card always has Lithic's token; a simulator card never has one.
ALTER TABLE "Card" ADD CONSTRAINT "Card_processor_token_check"
  CHECK (("processor" = 'lithic') = ("processorCardToken" IS NOT NULL));
