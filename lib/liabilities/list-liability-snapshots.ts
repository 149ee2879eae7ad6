// The published liability snapshots, newest first, and one by id: the public commitments anyone
// can fetch and chain (the secret seed and the leaves are never part of them).
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { LiabilitySnapshotRecord, ListLiabilitySnapshotsQuery } from "@/lib/schemas/liabilities";
import { findCursor, toPage, type ListPage } from "@/lib/schemas/pagination";
import { snapshotRecord } from "./snapshot-record";

const PUBLIC_FIELDS = { id: true, sequence: true, asOf: true, hash: true, previousHash: true, currencies: true } as const;

export async function listLiabilitySnapshots(
  db: Db,
  query: ListLiabilitySnapshotsQuery,
): Promise<ListPage<LiabilitySnapshotRecord>> {
  // The chain's order is its sequence, so the page follows it rather than creation time.
  const cursor = await findCursor(query.starting_after, "a liability snapshot", (id) =>
    db.liabilitySnapshot.findUnique({ where: { id }, select: { sequence: true } }),
  );
  const rows = await db.liabilitySnapshot.findMany({
    where: cursor ? { sequence: { lt: cursor.sequence } } : {},
    orderBy: { sequence: "desc" },
    take: query.limit + 1,
    select: PUBLIC_FIELDS,
  });
  return toPage(rows.map(snapshotRecord), query.limit);
}

export async function getLiabilitySnapshot(db: Db, id: string): Promise<LiabilitySnapshotRecord> {
  const row = await db.liabilitySnapshot.findUnique({ where: { id }, select: PUBLIC_FIELDS });
  if (!row) throw new DomainError("liability_snapshot_not_found", `No liability snapshot ${id} is published.`, { param: "id" });
  return snapshotRecord(row);
}

/** The newest snapshot, or null before the first (the /treasury page). */
export async function latestLiabilitySnapshot(db: Db): Promise<LiabilitySnapshotRecord | null> {
  const row = await db.liabilitySnapshot.findFirst({ orderBy: { sequence: "desc" }, select: PUBLIC_FIELDS });
  return row ? snapshotRecord(row) : null;
}
