// A stored liability snapshot as the API serves it: the hashed fields as stored, with major-unit
// figures added beside the minor-unit strings for reading.
import type { LiabilitySnapshot } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { LiabilitySnapshotRecord } from "@/lib/schemas/liabilities";
import type { SnapshotCurrencyFields } from "./merkle-sum-encoding";

export type StoredSnapshot = Pick<LiabilitySnapshot, "id" | "sequence" | "asOf" | "hash" | "previousHash" | "currencies">;

/** The `currencies` column as the snapshot wrote it (take-liability-snapshot.ts), and nothing else. */
export function storedCurrencies(snapshot: Pick<LiabilitySnapshot, "currencies">): SnapshotCurrencyFields[] {
  const list = Array.isArray(snapshot.currencies) ? snapshot.currencies : [];
  return list.map((entry) => {
    const e = (typeof entry === "object" && entry !== null && !Array.isArray(entry) ? entry : {}) as Record<string, unknown>;
    return {
      currency: String(e.currency),
      root_hash: String(e.root_hash),
      total_minor: String(e.total_minor),
      leaf_count: Number(e.leaf_count),
      reserves_minor: String(e.reserves_minor),
    };
  });
}

export function snapshotRecord(snapshot: StoredSnapshot): LiabilitySnapshotRecord {
  return {
    object: "liability_snapshot",
    id: snapshot.id,
    sequence: snapshot.sequence,
    as_of: snapshot.asOf.toISOString(),
    hash: snapshot.hash,
    previous_hash: snapshot.previousHash,
    currencies: storedCurrencies(snapshot).map((c) => ({
      ...c,
      total: toMajor(BigInt(c.total_minor), c.currency),
      reserves: toMajor(BigInt(c.reserves_minor), c.currency),
    })),
  };
}
