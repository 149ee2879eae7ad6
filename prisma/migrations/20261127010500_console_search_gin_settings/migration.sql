-- Added by hand (docs/decisions/console-read-costs.md): the trigram indexes' pending lists. A GIN
-- index with fastupdate queues new entries in a pending list that every search reads in full and
-- the planner prices as such, so after a burst of inserts a "contains" search can cost more than a
-- scan of the table and the planner scans. Wallets are written rarely: no pending list. The request
-- log is written on every request: a pending list kept small (256 kB, flushed into the index when
-- full or by autovacuum) keeps the insert cheap and the search's cost bounded.
ALTER INDEX "Wallet_externalUserId_trgm_idx" SET (fastupdate = off);
ALTER INDEX "RequestLog_path_trgm_idx" SET (gin_pending_list_limit = 256);
