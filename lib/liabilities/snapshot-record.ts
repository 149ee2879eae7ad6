// A stored liability snapshot as the API serves it: the hashed fields as stored, with major-unit
// figures added beside the minor-unit strings for reading.
import { z } from "zod";
import type { LiabilitySnapshot } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { LiabilitySnapshotRecord } from "@/lib/schemas/liabilities";
import type { SnapshotCurrencyFields } from "./merkle-sum-encoding";

export type StoredSnapshot = Pick<LiabilitySnapshot, "id" | "sequence" | "asOf" | "hash" | "previousHash" | "currencies">;

// The `currencies` column exactly as take-liability-snapshot.ts writes it; parsed, not cast.
const storedCurrenciesSchema = z.array(
  z.object({
    currency: z.string(),
    root_hash: z.string(),
    total_minor: z.string(),
    leaf_count: z.number(),
    reserves_minor: z.string(),
  }),
);

export function storedCurrencies(snapshot: Pick<LiabilitySnapshot, "currencies">): SnapshotCurrencyFields[] {
  return storedCurrenciesSchema.parse(snapshot.currencies);
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
