-- CreateIndex
CREATE INDEX "Invitation_email_createdAt_idx" ON "Invitation"("email", "createdAt");
