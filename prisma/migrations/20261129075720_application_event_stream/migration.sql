-- CreateTable
CREATE TABLE "ApplicationEventStream" (
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "eventSequence" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ApplicationEventStream_pkey" PRIMARY KEY ("applicationId","livemode")
);

-- AddForeignKey
ALTER TABLE "ApplicationEventStream" ADD CONSTRAINT "ApplicationEventStream_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand (docs/decisions/event-sequence.md) -----------------------------------------------
-- An application's events about no wallet are numbered 1, 2, 3... per mode, as a wallet's are; the
-- database refuses a second event with the same number, as @@unique([walletId, sequence]) does for
-- a wallet's. Console test events (isTest) are about a sample wallet that exists nowhere, each
-- numbered 1, and stay outside both streams.
CREATE UNIQUE INDEX "Event_application_stream_sequence_key" ON "Event" ("applicationId", "livemode", "sequence")
  WHERE "walletId" IS NULL AND NOT "isTest";
