-- AlterTable
ALTER TABLE "Authorization" ADD COLUMN     "decision" JSONB,
ADD COLUMN     "decisionEndpointId" TEXT,
ADD COLUMN     "metadata" JSONB,
ADD COLUMN     "requestedAmount" BIGINT;

-- CreateTable
CREATE TABLE "AuthorizationEndpoint" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "url" TEXT NOT NULL,
    "timeoutMs" INTEGER NOT NULL DEFAULT 2000,
    "defaultAction" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuthorizationEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AuthorizationEndpoint_applicationId_livemode_key" ON "AuthorizationEndpoint"("applicationId", "livemode");

-- CreateIndex
CREATE INDEX "Authorization_decisionEndpointId_createdAt_idx" ON "Authorization"("decisionEndpointId", "createdAt");

-- AddForeignKey
ALTER TABLE "AuthorizationEndpoint" ADD CONSTRAINT "AuthorizationEndpoint_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What the API accepts, held by the database too.
ALTER TABLE "AuthorizationEndpoint" ADD CONSTRAINT "AuthorizationEndpoint_defaultAction_check" CHECK ("defaultAction" IN ('approve', 'decline'));
ALTER TABLE "AuthorizationEndpoint" ADD CONSTRAINT "AuthorizationEndpoint_timeoutMs_check" CHECK ("timeoutMs" BETWEEN 100 AND 2000);
