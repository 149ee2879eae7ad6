// Proof of liabilities on the wire (docs/decisions/proof-of-liabilities.md): published snapshots
// and a wallet's inclusion proof. Sums are decimal strings of minor units, since a verifier must
// hash them exactly and a JSON number loses precision past 2^53; major-unit numbers sit beside
// them for reading. The examples are a real one-wallet snapshot and its proof (they verify).
import { z } from "zod";
import { currencyOutSchema, currencySchema, timestampSchema, withExample } from "./common";
import { listQuerySchema, listSchema } from "./pagination";

const hex = (description: string) =>
  z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({ description });
const minor = (description: string) =>
  z
    .string()
    .regex(/^-?(0|[1-9][0-9]*)$/)
    .meta({ description });

export const LIABILITY_EXAMPLE_SNAPSHOT = {
  object: "liability_snapshot" as const,
  id: "lsnap_7Hq2Lm9Xc4Vb1Nz8Kd3Rt6Wy",
  sequence: 1,
  as_of: "2026-11-21T10:00:00.000Z",
  hash: "b3f93be1ffb59155f63b5c845255235f659fa22564bb8fa944eec1ee19c12d82",
  previous_hash: null,
  currencies: [
    {
      currency: "USD",
      root_hash: "71edaf39554bf116d7769497d47daedacff2fe1aeb9ffcce3ea5ec6d36583f34",
      total_minor: "1250",
      total: 12.5,
      leaf_count: 1,
      reserves_minor: "1250",
      reserves: 12.5,
    },
  ],
};

export const LIABILITY_EXAMPLE_PROOF = {
  object: "liability_proof" as const,
  snapshot: LIABILITY_EXAMPLE_SNAPSHOT.id,
  as_of: LIABILITY_EXAMPLE_SNAPSHOT.as_of,
  currency: "USD",
  wallet: "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
  balance_minor: "1250",
  balance: 12.5,
  salt: "28f276e8fe0c8b239ac906c2d80d9b8e35982d9dc37b8d23b232b612c71abfdb",
  path: [] as { side: "left" | "right"; hash: string; sum_minor: string }[],
  root_hash: "71edaf39554bf116d7769497d47daedacff2fe1aeb9ffcce3ea5ec6d36583f34",
  total_minor: "1250",
};

export const liabilityCurrencySchema = z
  .object({
    currency: currencyOutSchema,
    root_hash: hex("The Merkle-sum tree's root hash (SHA-256, lowercase hex)."),
    total_minor: minor("The root's sum: every live wallet's balance in this currency, minor units (never negative)."),
    total: z
      .number()
      .meta({ description: "The same total in major units; equal to the treasury figures' liabilities at `as_of`." }),
    leaf_count: z
      .number()
      .int()
      .meta({ description: "Live wallets in the tree (one leaf each, zero balances included)." }),
    reserves_minor: minor(
      "Reserves recorded in our ledger at `as_of`, minor units. Not proven to exist outside the ledger.",
    ),
    reserves: z.number().meta({ description: "The same reserves in major units." }),
  })
  .meta({ id: "LiabilityCurrency" });

export const liabilitySnapshotSchema = withExample(
  z.object({
    object: z.literal("liability_snapshot"),
    id: z.string().meta({ description: "The snapshot's id." }),
    sequence: z.number().int().meta({ description: "1 for the first snapshot, then 2, 3… with no gap." }),
    as_of: timestampSchema.meta({ description: "The instant of the ledger the trees were built from." }),
    hash: hex("SHA-256 of the snapshot's fields as the decision record encodes them; the next snapshot names it."),
    previous_hash: hex("The previous snapshot's `hash`; null for the first.").nullable(),
    currencies: z.array(liabilityCurrencySchema).meta({ description: "One tree per currency, by code." }),
  }),
  { id: "LiabilitySnapshot", example: LIABILITY_EXAMPLE_SNAPSHOT },
);

export const liabilitySnapshotListSchema = listSchema(liabilitySnapshotSchema, "LiabilitySnapshotList", {
  object: "list",
  data: [LIABILITY_EXAMPLE_SNAPSHOT],
  has_more: false,
  next_cursor: null,
});

export const listLiabilitySnapshotsQuerySchema = listQuerySchema;

export const liabilitySnapshotPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The snapshot's id.", example: LIABILITY_EXAMPLE_SNAPSHOT.id }),
});

export const liabilityProofQuerySchema = z
  .object({
    snapshot: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({
        description: "The snapshot to prove inclusion in; the newest when omitted.",
        example: LIABILITY_EXAMPLE_SNAPSHOT.id,
      }),
  })
  .strict();

export const balanceLiabilityProofQuerySchema = liabilityProofQuerySchema
  .extend({
    currency: currencySchema.meta({
      description: "The balance's currency: one leaf per currency the application holds.",
    }),
  })
  .strict();

export const liabilityProofSchema = withExample(
  z.object({
    object: z.literal("liability_proof"),
    snapshot: z.string().meta({ description: "The snapshot's id: fetch it from the public list to verify against." }),
    as_of: timestampSchema.meta({ description: "The snapshot's instant." }),
    currency: currencyOutSchema,
    wallet: z.string().meta({
      description:
        "The leaf's id, as the leaf commits to it: the wallet's id, or for the application's own balance its balance account's id (`lacct_balance_live_<currency>_<application>`).",
    }),
    balance_minor: minor("The wallet's balance at `as_of`, minor units, as its leaf commits to it."),
    balance: z.number().meta({ description: "The same balance in major units." }),
    salt: hex("This leaf's salt (derived from the snapshot's secret seed; reveals no other leaf's)."),
    path: z
      .array(
        z.object({
          side: z
            .enum(["left", "right"])
            .meta({ description: "Where the sibling sits beside the node being built up." }),
          hash: hex("The sibling's hash."),
          sum_minor: minor("The sibling's sum, minor units."),
        }),
      )
      .meta({ description: "Siblings from the leaf up to the root; a level where the node rose alone has no step." }),
    root_hash: hex(
      "The root this path should reach; a verifier compares with the published snapshot's, not this copy.",
    ),
    total_minor: minor("The root's sum, minor units."),
  }),
  { id: "LiabilityProof", example: LIABILITY_EXAMPLE_PROOF },
);

export type LiabilitySnapshotRecord = z.output<typeof liabilitySnapshotSchema>;
export type LiabilityProofRecord = z.output<typeof liabilityProofSchema>;
export type ListLiabilitySnapshotsQuery = z.output<typeof listLiabilitySnapshotsQuerySchema>;
