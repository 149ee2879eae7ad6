// Property test of the card network lifecycle: generated sequences of network messages (every
// kind, messages naming authorizations not seen yet, repeats of earlier network ids) go through
// handleNetworkMessage against a small reference model of the wallet's posted balance and holds and
// of each authorization (docs/decisions/card-network.md). After every message the wallet matches the
// model; after every sequence the ledger's invariant holds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import type { NetworkMessage, NetworkResult } from "@/lib/card-network/network-message";
import { prisma } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { issueCard } from "@/lib/cards/issue-card";
import { transaction } from "@/lib/db/client";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import type { Tenant } from "@/lib/tenant";
import { createWallet } from "@/lib/wallets/create-wallet";
import { createMerchantApp, uniqueUserId } from "../helpers/fixtures";

/** A wallet funded with 100.00 and its card, through the domain functions (no API rate limit). */
async function walletWithCard(tenant: Tenant) {
  const externalUserId = uniqueUserId();
  const wallet = await transaction((tx) =>
    createWallet(tx, tenant, { externalUserId, currency: "USD", email: "p@example.com" }),
  );
  const card = await transaction((tx) => issueCard(tx, tenant, { externalUserId, kind: "virtual", currency: "USD" }));
  await transaction((tx) => fundWallet(tx, tenant, externalUserId, { amount: 100 }));
  return { walletId: wallet.id, cardId: card.id };
}

type Kind = NetworkMessage["kind"];
type Command =
  { kind: Kind; amount: number; auth: number | null; tips: boolean; final: boolean } | { kind: "repeat"; back: number };

const KINDS: Kind[] = [
  "authorization",
  "increment",
  "advice",
  "reversal",
  "clearing",
  "force_post",
  "refund",
  "return_reversal",
  "expiry",
];

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.record({
      kind: fc.constantFrom(...KINDS),
      amount: fc.oneof(
        { weight: 1, arbitrary: fc.constant(0) },
        { weight: 9, arbitrary: fc.integer({ min: 1, max: 6_000 }) },
      ),
      // An index into the authorizations the sequence has made so far; past the end names one not seen yet.
      auth: fc.option(fc.nat(6), { freq: 4 }),
      tips: fc.boolean(),
      final: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("repeat" as const), back: fc.nat(5) }) },
);

type ModelAuth = {
  id: string;
  amount: bigint;
  held: bigint;
  captured: bigint;
  refunded: bigint;
  status: "pending" | "closed" | "reversed" | "expired" | "declined";
  tips: boolean;
};

type Model = { posted: bigint; held: bigint; auths: ModelAuth[] };

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** What the model expects: a rejection, or the change (applied to `model` in place) and the outcome's kind. */
function expected(
  model: Model,
  cmd: Extract<Command, { kind: Kind }>,
  amount: bigint,
): { rejected?: string; result?: string; opens?: ModelAuth } {
  const target = cmd.auth === null ? undefined : model.auths[cmd.auth];
  const named = cmd.auth !== null;
  const fresh = (fields: Partial<ModelAuth>): ModelAuth => ({
    id: "",
    amount,
    held: 0n,
    captured: 0n,
    refunded: 0n,
    status: "closed",
    tips: cmd.tips,
    ...fields,
  });
  if (amount === 0n && cmd.kind !== "authorization" && cmd.kind !== "expiry") return { rejected: "amount_invalid" };
  switch (cmd.kind) {
    case "authorization": {
      if (amount === 0n) return { result: "approved", opens: fresh({ amount: 0n }) };
      if (amount > model.posted - model.held) return { result: "declined", opens: fresh({ status: "declined" }) };
      model.held += amount;
      return { result: "approved", opens: fresh({ status: "pending", held: amount }) };
    }
    case "increment": {
      if (!named) return { rejected: "skip" };
      if (!target) return { rejected: "unknown_authorization" };
      if (target.status !== "pending") return { rejected: "message_conflict" };
      if (amount > model.posted - model.held) return { result: "declined" };
      target.amount += amount;
      target.held += amount;
      model.held += amount;
      return { result: "approved" };
    }
    case "advice": {
      if (named && !target) return { rejected: "unknown_authorization" };
      model.held += amount;
      if (!target) return { result: "applied", opens: fresh({ status: "pending", held: amount }) };
      if (target.status === "declined") {
        target.amount = amount;
        target.held = amount;
      } else if (target.status === "pending") {
        target.amount += amount;
        target.held += amount;
      } else {
        target.amount += amount;
        target.held = amount;
      }
      target.status = "pending";
      return { result: "applied" };
    }
    case "reversal":
    case "expiry": {
      if (!named) return { rejected: "skip" };
      if (!target) return { rejected: "unknown_authorization" };
      if (target.status === "declined") return { rejected: "message_conflict" };
      const released = cmd.kind === "expiry" && amount === 0n ? target.held : min(amount, target.held);
      target.held -= released;
      model.held -= released;
      if (target.status === "pending" && target.held === 0n) {
        target.status = target.captured > 0n ? "closed" : cmd.kind === "expiry" ? "expired" : "reversed";
      }
      return { result: "applied" };
    }
    case "clearing": {
      if (!named) return { rejected: "skip" };
      if (!target) return { rejected: "unknown_authorization" };
      if (target.status === "declined") return { rejected: "message_conflict" };
      const limit = target.tips ? target.amount + (target.amount * 20n) / 100n : target.amount;
      if (target.captured + amount > limit) return { rejected: "amount_invalid" };
      const settled = min(amount, target.held);
      const released = cmd.final ? target.held : settled;
      target.held -= released;
      model.held -= released;
      model.posted -= amount;
      target.captured += amount;
      target.status = target.held > 0n ? "pending" : "closed";
      return { result: "applied" };
    }
    case "force_post":
      model.posted -= amount;
      return { result: "applied", opens: fresh({ captured: amount }) };
    case "refund":
      if (named && !target) return { rejected: "unknown_authorization" };
      model.posted += amount;
      if (!target) return { result: "applied", opens: fresh({ refunded: amount }) };
      target.refunded += amount;
      return { result: "applied" };
    case "return_reversal":
      if (named && !target) return { rejected: "unknown_authorization" };
      if (target && amount > target.refunded) return { rejected: "amount_invalid" };
      model.posted -= amount;
      if (!target) return { result: "applied", opens: fresh({ captured: amount }) };
      target.refunded -= amount;
      return { result: "applied" };
  }
}

describe("card network lifecycle, property", () => {
  it("keeps the wallet equal to the reference model and the ledger balanced, in any order, with repeats", async () => {
    const { application } = await createMerchantApp("card network property");
    const tenant: Tenant = { applicationId: application.id, livemode: false };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const { walletId, cardId } = await walletWithCard(tenant);
        const model: Model = { posted: 10_000n, held: 0n, auths: [] };
        const sent: { message: NetworkMessage; result: NetworkResult }[] = [];
        for (const cmd of commands) {
          if (cmd.kind === "repeat") {
            // Only applied messages are stored; a refused one changed nothing and may apply later.
            const applied = sent.filter((s) => s.result.ok);
            const earlier = applied[applied.length - 1 - cmd.back];
            if (!earlier?.result.ok) continue;
            const again = await handleNetworkMessage(earlier.message, { tenant });
            // A repeat answers as the first did (marked replayed) and changes nothing.
            expect(again).toEqual({ ok: true, outcome: { ...earlier.result.outcome, replayed: true } });
          } else {
            const amount = BigInt(cmd.amount);
            const target = cmd.auth === null ? undefined : model.auths[cmd.auth];
            const want = expected(model, cmd, amount);
            if (want.rejected === "skip") continue;
            const reference = cmd.auth === null ? undefined : { id: target?.id ?? `auth_missing${cmd.auth}` };
            const merchant = cmd.tips
              ? { name: "Diner", category: "5812", country: "US" }
              : { name: "Shop", category: "5411", country: "US" };
            const base = {
              networkId: `p_${randomBase62(14)}`,
              processor: "simulator" as const,
              cardId,
              amount,
              currency: "USD",
              merchant,
            };
            const message: NetworkMessage =
              cmd.kind === "authorization"
                ? { ...base, kind: "authorization", budgetMs: 2_000 }
                : cmd.kind === "increment"
                  ? { ...base, kind: "increment", budgetMs: 2_000, authorization: reference! }
                  : cmd.kind === "clearing"
                    ? { ...base, kind: "clearing", authorization: reference!, final: cmd.final }
                    : cmd.kind === "reversal" || cmd.kind === "expiry"
                      ? { ...base, kind: cmd.kind, authorization: reference! }
                      : cmd.kind === "force_post"
                        ? { ...base, kind: "force_post" }
                        : { ...base, kind: cmd.kind, ...(reference ? { authorization: reference } : {}) };
            const result = await handleNetworkMessage(message, { tenant });
            if (want.rejected) {
              expect(result, `${cmd.kind}`).toMatchObject({ ok: false, rejection: want.rejected });
            } else {
              expect(result, `${cmd.kind}`).toMatchObject({ ok: true, outcome: { result: want.result } });
              if (want.opens && result.ok) {
                model.auths.push({ ...want.opens, id: result.outcome.authorizationId });
              }
            }
            sent.push({ message, result });
          }
          const account = await prisma().ledgerAccount.findUniqueOrThrow({ where: { walletId } });
          expect({ posted: account.postedMinor, held: account.heldMinor }).toEqual({
            posted: model.posted,
            held: model.held,
          });
        }
        for (const auth of model.auths) {
          const row = await prisma().authorization.findUniqueOrThrow({ where: { id: auth.id } });
          expect({
            status: row.status,
            held: row.heldAmount,
            captured: row.capturedAmount,
            refunded: row.refundedAmount,
          }).toEqual({
            status: auth.status,
            held: auth.held,
            captured: auth.captured,
            refunded: auth.refunded,
          });
        }
        const report = await checkLedgerInvariant(prisma(), { applicationId: application.id });
        expect(report.balanced).toBe(true);
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});
