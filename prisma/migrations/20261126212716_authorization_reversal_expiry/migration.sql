-- Holds that end (issue 24, part 3): an authorization can be reversed by the application or expire
-- uncaptured, and records when its hold lapses.

-- AlterEnum
ALTER TYPE "AuthorizationStatus" ADD VALUE 'reversed';
ALTER TYPE "AuthorizationStatus" ADD VALUE 'expired';

-- AlterTable
ALTER TABLE "Authorization" ADD COLUMN     "expiresAt" TIMESTAMP(3);

-- Written by hand: a reversed or expired authorization released its whole hold, so nothing of it
-- was captured (nor refunded). Compared as text: PostgreSQL refuses the new enum values in the
-- transaction that adds them.
ALTER TABLE "Authorization" ADD CONSTRAINT "Authorization_released_uncaptured"
  CHECK ("status"::text NOT IN ('reversed', 'expired') OR "capturedAmount" = 0);
