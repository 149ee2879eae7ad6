-- The console reads an endpoint's hours by the key; an index on the hour alone drew that read to it.
DROP INDEX "WebhookLatencyHour_hour_idx";
