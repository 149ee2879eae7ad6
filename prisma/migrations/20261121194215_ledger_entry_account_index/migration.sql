-- CreateIndex
CREATE INDEX "LedgerEntry_accountId_id_idx" ON "LedgerEntry"("accountId", "id");

-- The ledger is append-only: a correction is a new transfer, never an edit. Written by hand
-- (Prisma does not model triggers); later diffs leave it alone.
CREATE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "LedgerEntry_append_only" BEFORE UPDATE OR DELETE ON "LedgerEntry"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER "LedgerTransfer_append_only" BEFORE UPDATE OR DELETE ON "LedgerTransfer"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
