-- Spending controls (issue 24, part 2): controls on cards and wallets, and the running totals per
-- calendar window that limits are checked against (docs/decisions/spending-controls.md).

-- CreateEnum
CREATE TYPE "SpendingInterval" AS ENUM ('daily', 'weekly', 'monthly', 'yearly', 'all_time');

-- AlterTable
ALTER TABLE "Card" ADD COLUMN     "spendingControls" JSONB;

-- AlterTable
ALTER TABLE "Wallet" ADD COLUMN     "spendingControls" JSONB;

-- CreateTable
CREATE TABLE "SpendingTotal" (
    "subjectId" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "limitKey" TEXT NOT NULL,
    "interval" "SpendingInterval" NOT NULL,
    "categories" TEXT[],
    "spent" BIGINT NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SpendingTotal_pkey" PRIMARY KEY ("subjectId","windowStart","limitKey")
);

-- Written by hand: the guards Prisma does not model.
-- Released spending never takes a total below nothing.
ALTER TABLE "SpendingTotal" ADD CONSTRAINT "SpendingTotal_spent_not_negative" CHECK ("spent" >= 0);
-- A window starts where its interval's calendar window does, in UTC (timestamps are stored as UTC
-- without a zone, so date_trunc works on them as they are): day at 00:00, week on Monday (ISO weeks,
-- as date_trunc's), month on the 1st, year on 1 January, and all time at the epoch.
ALTER TABLE "SpendingTotal" ADD CONSTRAINT "SpendingTotal_window_start" CHECK (
  "windowStart" = CASE "interval"
    WHEN 'daily' THEN date_trunc('day', "windowStart")
    WHEN 'weekly' THEN date_trunc('week', "windowStart")
    WHEN 'monthly' THEN date_trunc('month', "windowStart")
    WHEN 'yearly' THEN date_trunc('year', "windowStart")
    ELSE TIMESTAMP '1970-01-01 00:00:00'
  END
);
-- Categories are four-digit merchant category codes.
ALTER TABLE "SpendingTotal" ADD CONSTRAINT "SpendingTotal_categories_mcc" CHECK (
  "categories" IS NOT NULL AND array_position("categories", NULL) IS NULL
  AND array_to_string("categories", ',') ~ '^([0-9]{4}(,[0-9]{4})*)?$'
);
-- Stored controls are JSON objects (their content is checked by the application's schema).
ALTER TABLE "Card" ADD CONSTRAINT "Card_spending_controls_object"
  CHECK ("spendingControls" IS NULL OR jsonb_typeof("spendingControls") = 'object');
ALTER TABLE "Wallet" ADD CONSTRAINT "Wallet_spending_controls_object"
  CHECK ("spendingControls" IS NULL OR jsonb_typeof("spendingControls") = 'object');
