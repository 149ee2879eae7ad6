// Kill -9 mid-transfer: a process making wallet-to-wallet transfers eight at a time is killed with
// SIGKILL while some of its transactions have posted both legs but not committed. Every transfer is
// then either fully there (its record, both ledger legs summing to zero on the right accounts, one
// transfer.created event per wallet) or not at all; each wallet's balance equals its funding plus
// what the committed transfers moved; the ledger verifies; and nothing stays locked.
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { topUpBalance } from "@/lib/balance/top-up";
import { prisma, readSnapshot, transaction } from "@/lib/db/client";
import { REPO_ROOT } from "@/lib/db/paths";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { verifyLedgerFully } from "@/lib/ledger/verify-ledger";
import { createTransferBodySchema } from "@/lib/schemas/money-movement";
import { createWalletBodySchema } from "@/lib/schemas/wallet";
import { createTransfer } from "@/lib/transfers/create-transfer";
import { createWallet } from "@/lib/wallets/create-wallet";
import { createMerchantApp, uniqueUserId } from "../helpers/fixtures";

const WALLETS = 6;
const FUNDING_MINOR = 10_000n;

async function fundedWallets() {
  const { application } = await createMerchantApp("Killed transfers");
  const tenant = { applicationId: application.id, livemode: false };
  const users = Array.from({ length: WALLETS }, () => uniqueUserId());
  await transaction(async (tx) => {
    await topUpBalance(tx, tenant, { amount: Number(FUNDING_MINOR) * WALLETS, currency: "USD" });
    for (const user of users) {
      const body = createWalletBodySchema.parse({ externalUserId: user, currency: "USD", email: "k@example.com" });
      await createWallet(tx, tenant, body);
      await createTransfer(
        tx,
        tenant,
        createTransferBodySchema.parse({
          from: { type: "balance" },
          to: { type: "wallet", externalUserId: user },
          amount: Number(FUNDING_MINOR) / 100,
          currency: "USD",
        }),
      );
    }
  });
  return { appId: application.id, tenant, users };
}

describe("a transfer process killed with SIGKILL", () => {
  it("leaves every transfer fully posted or absent, the balances exact and nothing locked", async () => {
    const { appId, tenant, users } = await fundedWallets();
    expect(users).toHaveLength(WALLETS);
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(REPO_ROOT, "tests/helpers/transfer-loop-process.ts"),
        JSON.stringify({ appId, users }),
      ],
      { cwd: REPO_ROOT, env: process.env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let printed = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const exited = once(child, "exit");
    const deadline = Date.now() + 60_000;
    // Let it commit a good number first, so the kill lands in the middle of steady work.
    while (printed.split("\n").filter(Boolean).length < 40) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the transfer process stalled:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Killed while some transfer has posted both legs and not committed (its transaction in pg_sleep).
    const posting = async () =>
      (
        await prisma().$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM pg_stat_activity
          WHERE state = 'active' AND xact_start IS NOT NULL AND query LIKE 'SELECT pg_sleep%'`
      )[0]?.n ?? 0n;
    while ((await posting()) === 0n) {
      if (Date.now() > deadline) throw new Error("no transfer was ever caught between posting and committing");
    }
    child.kill("SIGKILL");
    await exited;
    expect(child.signalCode).toBe("SIGKILL");

    const committed = printed.split("\n").filter(Boolean);
    // A COMMIT the process sent just before dying still completes on the server: let it, then read
    // everything in one snapshot so the records, the ledger and the balances are of the same moment.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const { transfers, accounts, ledgerTransfers, events } = await readSnapshot(prisma(), async (tx) => ({
      transfers: await tx.transfer.findMany({
        where: { applicationId: appId, fromWalletId: { not: null }, toWalletId: { not: null } },
        include: { ledgerTransfer: { include: { entries: true } } },
      }),
      accounts: await tx.ledgerAccount.findMany({
        where: { wallet: { applicationId: appId } },
        include: { wallet: true },
      }),
      ledgerTransfers: await tx.ledgerTransfer.count({ where: { applicationId: appId, kind: "transfer" } }),
      events: await tx.event.count({ where: { applicationId: appId, type: "transfer.created" } }),
    }));
    const ids = new Set(transfers.map((t) => t.id));
    // What the process saw committed is there (it may have committed a few more it never printed).
    expect(committed.filter((id) => !ids.has(id))).toEqual([]);
    expect(transfers.length).toBeGreaterThanOrEqual(committed.length);

    const accountOf = new Map(accounts.map((a) => [a.wallet?.id ?? "", a]));
    const expected = new Map(accounts.map((a) => [a.id, FUNDING_MINOR]));
    for (const t of transfers) {
      const from = accountOf.get(t.fromWalletId ?? "");
      const to = accountOf.get(t.toWalletId ?? "");
      const legs = t.ledgerTransfer.entries.map((e) => ({ account: e.accountId, amount: e.amount }));
      expect(t.ledgerTransfer.kind).toBe("transfer");
      expect(legs).toHaveLength(2);
      expect(legs).toEqual(
        expect.arrayContaining([
          { account: from?.id, amount: -t.amount },
          { account: to?.id, amount: t.amount },
        ]),
      );
      expected.set(from?.id ?? "", (expected.get(from?.id ?? "") ?? 0n) - t.amount);
      expected.set(to?.id ?? "", (expected.get(to?.id ?? "") ?? 0n) + t.amount);
    }
    // No ledger transfer of kind transfer without its record (a half-written one).
    expect(ledgerTransfers).toBe(transfers.length + WALLETS);
    for (const account of accounts) {
      expect({ wallet: account.wallet?.externalUserId, posted: account.postedMinor }).toEqual({
        wallet: account.wallet?.externalUserId,
        posted: expected.get(account.id),
      });
      expect(account.postedMinor).toBeGreaterThanOrEqual(0n);
    }
    expect(events).toBe(2 * transfers.length + WALLETS);
    expect((await checkLedgerInvariant(prisma(), { applicationId: appId })).balanced).toBe(true);
    expect((await verifyLedgerFully(prisma())).test).toBe(true);

    // The killed process's locks went with its connections: the same wallets move again at once.
    const [richest, other] = [...accounts].sort((a, b) => Number(b.postedMinor - a.postedMinor));
    const after = await transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL lock_timeout = '5s'`;
      return createTransfer(
        tx,
        tenant,
        createTransferBodySchema.parse({
          from: { type: "wallet", externalUserId: richest?.wallet?.externalUserId },
          to: { type: "wallet", externalUserId: other?.wallet?.externalUserId },
          amount: 0.01,
          currency: "USD",
        }),
      );
    });
    expect(after.amount).toBe(0.01);
  }, 120_000);
});
