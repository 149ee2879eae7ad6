-- Added by hand (docs/decisions/running-totals.md): LedgerTotalDelta is a queue. Writers append,
-- the fold deletes every minute, and every read of the totals scans what is in the table, dead
-- rows included, until a vacuum clears them. The default trigger (20% of the table dead) lets a
-- small queue's dead rows pile up; a fixed threshold vacuums it after every few thousand deltas
-- folded, without cost delay, since the live table is at most a few minutes of writes.
ALTER TABLE "LedgerTotalDelta" SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 5000,
  autovacuum_vacuum_cost_delay = 0
);
