-- CreateEnum
CREATE TYPE "MemberRole" AS ENUM ('owner', 'admin', 'developer', 'viewer');

-- CreateEnum
CREATE TYPE "EmailTokenPurpose" AS ENUM ('password_reset', 'email_verification');

-- DropForeignKey
ALTER TABLE "Application" DROP CONSTRAINT "Application_merchantId_fkey";

-- DropForeignKey
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_merchantId_fkey";

-- DropIndex
DROP INDEX "Application_merchantId_idx";

-- AlterTable: the column filled from the merchant's new account below, then made required.
ALTER TABLE "Application" ADD COLUMN     "accountId" TEXT;

-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "accountId" TEXT,
ALTER COLUMN "merchantId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "MerchantUser" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Account" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailToken" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "purpose" "EmailTokenPurpose" NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailToken_pkey" PRIMARY KEY ("id")
);

-- Data: each existing merchant becomes the owner of a new account, named after them, that owns
-- their applications. Ids are random like newId's ("acct_" and 24 characters).
CREATE TEMPORARY TABLE "_merchant_account" AS
  SELECT "id" AS "merchantId",
         'acct_' || substr(md5(random()::text || "id"), 1, 24) AS "accountId",
         'mem_' || substr(md5(random()::text || "id" || 'member'), 1, 24) AS "membershipId",
         COALESCE(NULLIF(btrim("name"), ''), "email") AS "name",
         "createdAt"
  FROM "MerchantUser";

INSERT INTO "Account" ("id", "name", "createdAt")
  SELECT "accountId", "name", "createdAt" FROM "_merchant_account";

INSERT INTO "Membership" ("id", "accountId", "merchantId", "role", "createdAt")
  SELECT "membershipId", "accountId", "merchantId", 'owner', "createdAt" FROM "_merchant_account";

UPDATE "Application" AS a SET "accountId" = m."accountId"
  FROM "_merchant_account" AS m WHERE m."merchantId" = a."merchantId";

ALTER TABLE "Application" ALTER COLUMN "accountId" SET NOT NULL,
DROP COLUMN "merchantId";

-- Lines about an application are the account's; the service's own lines, which were filed under
-- the application's merchant, now name no member.
UPDATE "AuditLog" AS l SET "accountId" = a."accountId"
  FROM "Application" AS a WHERE a."id" = l."applicationId";
UPDATE "AuditLog" SET "merchantId" = NULL
  WHERE "action" IN ('webhook_endpoint.disabled_automatically', 'webhook_secret.activated');

DROP TABLE "_merchant_account";

-- A GitHub sign-in's address is one GitHub verified (github-merchant.ts takes no other).
UPDATE "MerchantUser" SET "emailVerifiedAt" = "createdAt"
  WHERE "githubId" IS NOT NULL AND "email" NOT LIKE '%@users.noreply.github.com';

-- CreateIndex
CREATE INDEX "Membership_merchantId_idx" ON "Membership"("merchantId");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_accountId_merchantId_key" ON "Membership"("accountId", "merchantId");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");

-- CreateIndex
CREATE INDEX "Invitation_accountId_createdAt_idx" ON "Invitation"("accountId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EmailToken_tokenHash_key" ON "EmailToken"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailToken_merchantId_purpose_idx" ON "EmailToken"("merchantId", "purpose");

-- CreateIndex
CREATE INDEX "Application_accountId_idx" ON "Application"("accountId");

-- CreateIndex
CREATE INDEX "AuditLog_accountId_createdAt_id_idx" ON "AuditLog"("accountId", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "MerchantUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "MerchantUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailToken" ADD CONSTRAINT "EmailToken_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "MerchantUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Application" ADD CONSTRAINT "Application_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "MerchantUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
