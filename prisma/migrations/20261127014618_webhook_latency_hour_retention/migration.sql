-- CreateIndex
CREATE INDEX "WebhookLatencyHour_hour_idx" ON "WebhookLatencyHour"("hour");
