-- CreateTable
CREATE TABLE "ConsoleView" (
    "merchantId" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConsoleView_pkey" PRIMARY KEY ("merchantId","applicationId")
);

-- CreateIndex
CREATE INDEX "ConsoleView_applicationId_idx" ON "ConsoleView"("applicationId");

-- AddForeignKey
ALTER TABLE "ConsoleView" ADD CONSTRAINT "ConsoleView_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "MerchantUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConsoleView" ADD CONSTRAINT "ConsoleView_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand (docs/decisions/console-mode.md) -------------------------------------------------
-- Every member of an application's account keeps seeing the mode the shared switch last showed;
-- from now on each one switches alone. Then the shared column goes.
INSERT INTO "ConsoleView" ("merchantId", "applicationId", "livemode", "updatedAt")
  SELECT m."merchantId", a."id", true, now()
  FROM "Application" a JOIN "Membership" m ON m."accountId" = a."accountId"
  WHERE a."consoleLivemode";

ALTER TABLE "Application" DROP COLUMN "consoleLivemode";
