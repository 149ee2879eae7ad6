// Property test of the ledger: random sequences of fund, spend, capture, refund and card
// controls run through the real domain functions, each in its own transaction, against a
// simple model. After every run the database must satisfy the ledger's invariants.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spendCard } from "@/lib/authorizations/spend-card";
import { captureAuthorization } from "@/lib/authorizations/capture-authorization";
import { refundAuthorization } from "@/lib/authorizations/refund-authorization";
import { issueCard } from "@/lib/cards/issue-card";
import { setCardStatus } from "@/lib/cards/set-card-status";
import { prisma, transaction } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { accountEntrySum } from "../helpers/ledger-sums";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { toMajor } from "@/lib/money/amount";
import type { Tenant } from "@/lib/tenant";
import { createWallet } from "@/lib/wallets/create-wallet";
import { createMerchantApp, uniqueUserId } from "../helpers/fixtures";

type Command =
  | { kind: "fund"; wallet: number; amount: number }
  | { kind: "spend"; card: number; amount: number }
  | { kind: "capture"; auth: number; amount: number | null }
  | { kind: "refund"; auth: number; amount: number | null }
  | { kind: "freeze" | "unfreeze"; card: number };

const amount = fc.integer({ min: 1, max: 6_000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant("fund" as const), wallet: fc.nat(1), amount }),
  fc.record({ kind: fc.constant("spend" as const), card: fc.nat(2), amount }),
  fc.record({ kind: fc.constant("spend" as const), card: fc.nat(2), amount }),
  fc.record({ kind: fc.constant("capture" as const), auth: fc.nat(20), amount: fc.option(amount) }),
  fc.record({ kind: fc.constant("refund" as const), auth: fc.nat(20), amount: fc.option(amount) }),
  fc.record({ kind: fc.constantFrom("freeze" as const, "unfreeze" as const), card: fc.nat(2) }),
);

// Two wallets (USD, minor unit cents; JPY, no minor unit) and three cards, one with a limit.
const WALLETS = [{ currency: "USD" }, { currency: "JPY" }] as const;
const CARDS = [
  { wallet: 0, spendLimit: null },
  { wallet: 0, spendLimit: 2_500 },
  { wallet: 1, spendLimit: null },
] as const;

type ModelAuth = {
  id: string;
  wallet: number;
  amount: bigint;
  status: "pending" | "closed";
  captured: bigint;
  refunded: bigint;
};

async function setup() {
  const { application } = await createMerchantApp("ledger property");
  const tenant: Tenant = { applicationId: application.id, livemode: false };
  const wallets = [];
  for (const w of WALLETS) {
    const externalUserId = uniqueUserId();
    const record = await transaction((tx) =>
      createWallet(tx, tenant, { externalUserId, currency: w.currency, email: "p@example.com" }),
    );
    wallets.push({ ...record, currency: w.currency });
  }
  const cards = [];
  for (const c of CARDS) {
    const wallet = wallets[c.wallet]!;
    const spendLimit = c.spendLimit === null ? undefined : toMajor(BigInt(c.spendLimit), wallet.currency);
    cards.push(
      await transaction((tx) =>
        issueCard(tx, tenant, {
          externalUserId: wallet.externalUserId,
          kind: "virtual",
          currency: wallet.currency,
          spendLimit,
        }),
      ),
    );
  }
  return { tenant, wallets, cards };
}

async function conflictCode(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe("ledger invariants under random operation sequences", () => {
  it("keeps transfers balanced, available non-negative, and balances equal to the replay of the entries", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const { tenant, wallets, cards } = await setup();
        const posted = [0n, 0n];
        const held = [0n, 0n];
        const frozen = [false, false, false];
        const auths: ModelAuth[] = [];
        const major = (minor: number, wallet: number) => toMajor(BigInt(minor), WALLETS[wallet]!.currency);

        for (const cmd of commands) {
          if (cmd.kind === "fund") {
            const tx = await transaction((db) =>
              fundWallet(db, tenant, wallets[cmd.wallet]!.externalUserId, { amount: major(cmd.amount, cmd.wallet) }),
            );
            posted[cmd.wallet]! += BigInt(cmd.amount);
            expect(tx.balanceAfter).toBe(toMajor(posted[cmd.wallet]!, WALLETS[cmd.wallet]!.currency));
          } else if (cmd.kind === "spend") {
            const spec = CARDS[cmd.card]!;
            const w = spec.wallet;
            const want = BigInt(cmd.amount);
            const expected = frozen[cmd.card]
              ? "card_inactive"
              : spec.spendLimit !== null && want > BigInt(spec.spendLimit)
                ? "spend_limit_exceeded"
                : want > posted[w]! - held[w]!
                  ? "insufficient_funds"
                  : null;
            const outcome = await transaction((db) =>
              spendCard(
                db,
                tenant,
                cards[cmd.card]!.id,
                { amount: major(cmd.amount, w), merchant: { name: "Shop" } },
                "sdk",
              ),
            );
            expect(outcome.approved ? null : outcome.authorization.declineCode).toBe(expected);
            if (outcome.approved) {
              held[w]! += want;
              auths.push({
                id: outcome.authorization.id,
                wallet: w,
                amount: want,
                status: "pending",
                captured: 0n,
                refunded: 0n,
              });
            }
          } else if (cmd.kind === "capture") {
            const auth = auths[cmd.auth % Math.max(auths.length, 1)];
            if (!auth) continue;
            const want = cmd.amount === null ? auth.amount : BigInt(cmd.amount);
            const expected =
              auth.status !== "pending"
                ? "authorization_not_pending"
                : want > auth.amount
                  ? "amount_exceeds_authorization"
                  : null;
            const code = await conflictCode(() =>
              transaction((db) =>
                captureAuthorization(
                  db,
                  tenant,
                  auth.id,
                  cmd.amount === null ? {} : { amount: major(cmd.amount, auth.wallet) },
                ),
              ),
            );
            expect(code).toBe(expected);
            if (code === null) {
              held[auth.wallet]! -= auth.amount;
              posted[auth.wallet]! -= want;
              auth.status = "closed";
              auth.captured = want;
            }
          } else if (cmd.kind === "refund") {
            const auth = auths[cmd.auth % Math.max(auths.length, 1)];
            if (!auth) continue;
            const left = auth.captured - auth.refunded;
            const want = cmd.amount === null ? left : BigInt(cmd.amount);
            const expected =
              auth.status !== "closed"
                ? "authorization_not_captured"
                : want > left || want === 0n
                  ? "amount_exceeds_captured"
                  : null;
            const code = await conflictCode(() =>
              transaction((db) =>
                refundAuthorization(
                  db,
                  tenant,
                  auth.id,
                  cmd.amount === null ? {} : { amount: major(cmd.amount, auth.wallet) },
                ),
              ),
            );
            expect(code).toBe(expected);
            if (code === null) {
              posted[auth.wallet]! += want;
              auth.refunded += want;
            }
          } else {
            const status = cmd.kind === "freeze" ? "frozen" : "active";
            await transaction((db) => setCardStatus(db, tenant, cards[cmd.card]!.id, status));
            frozen[cmd.card] = cmd.kind === "freeze";
          }
          for (const w of [0, 1]) expect(posted[w]! - held[w]!).toBeGreaterThanOrEqual(0n);
        }

        const report = await checkLedgerInvariant(prisma(), { applicationId: tenant.applicationId });
        expect(report).toMatchObject({
          balanced: true,
          unbalancedTransfers: [],
          mismatchedAccounts: [],
          negativeAvailableAccounts: [],
        });

        // Every transfer of this application sums to zero, leg by leg from the raw entries.
        const entries = await prisma().ledgerEntry.findMany({
          where: { transfer: { applicationId: tenant.applicationId } },
          orderBy: { id: "asc" },
        });
        const perTransfer = new Map<string, bigint>();
        for (const e of entries) perTransfer.set(e.transferId, (perTransfer.get(e.transferId) ?? 0n) + e.amount);
        for (const sum of perTransfer.values()) expect(sum).toBe(0n);

        for (const [w, wallet] of wallets.entries()) {
          const account = await prisma().ledgerAccount.findUniqueOrThrow({ where: { walletId: wallet.id } });
          // Replaying the wallet's entries in order never goes below zero and ends at the cached balance.
          let running = 0n;
          for (const e of entries.filter((x) => x.accountId === account.id)) {
            running += e.amount;
            expect(running).toBeGreaterThanOrEqual(0n);
          }
          expect(running).toBe(account.postedMinor);
          expect(await accountEntrySum(prisma(), account.id)).toBe(posted[w]);
          expect(account.postedMinor).toBe(posted[w]);
          expect(account.heldMinor).toBe(held[w]);
          const pending = auths
            .filter((a) => a.wallet === w && a.status === "pending")
            .reduce((s, a) => s + a.amount, 0n);
          expect(account.heldMinor).toBe(pending);
        }
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
