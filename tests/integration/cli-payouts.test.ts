// The operator CLI's bank account, payout and transfer commands on a real database, parsed by the
// real program (runCli, in process): an account recorded with its country's identifiers and shown
// masked, a payout held, listed and moved through the simulator's states into the ledger, live
// payouts refused without a rail and never moved by hand, bad input refused with nothing changed.
import { afterEach, describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { createWalletBodySchema } from "@/lib/schemas/wallet";
import { createWallet } from "@/lib/wallets/create-wallet";
import { createMerchantApp, uniqueUserId } from "../helpers/fixtures";
import { runCliCaptured, type CliRun as Run } from "../helpers/run-cli-captured";

const cli = runCliCaptured;

function lastJson<T = Record<string, unknown>>(run: Run): T {
  const line = run.stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(line) as T;
}

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

async function appWithWallet() {
  const { application } = await createMerchantApp("Payout app");
  const app = application.id;
  const user = uniqueUserId();
  const body = createWalletBodySchema.parse({ externalUserId: user, currency: "USD", email: "ada@example.com" });
  await transaction((tx) => createWallet(tx, { applicationId: app, livemode: false }, body));
  expect((await cli("top-ups", "record", "--app", app, "--amount", "100", "--currency", "USD")).code).toBe(0);
  const moved = await cli(
    "transfers",
    "create",
    ...["--app", app, "--from", "balance", "--to", user, "--amount", "60", "--currency", "USD"],
  );
  expect(moved.code, moved.stderr).toBe(0);
  return { app, user };
}

describe("cli bank-accounts, payouts and transfers list", () => {
  it("records an account masked, pays out, lists and moves the payout through the simulator into the ledger", async () => {
    const { app, user } = await appWithWallet();
    const added = await cli(
      "bank-accounts",
      "add",
      ...["--app", app, "--wallet", user, "--country", "US", "--currency", "USD", "--holder", "Ada Lovelace"],
      ...["--routing-number", "110000000", "--account-number", "000123456789"],
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/Recorded ba_\w+: US USD ••••6789 \(bank 110000000\)/);
    expect(added.stdout).not.toContain("000123456789");
    const bankAccountId = /Recorded (ba_\w+)/.exec(added.stdout)?.[1] ?? "";

    const created = await cli(
      "payouts",
      "create",
      ...["--app", app, "--from", user, "--bank-account", bankAccountId, "--amount", "25.5", "--currency", "USD"],
      "--json",
    );
    expect(created.code, created.stderr).toBe(0);
    const payout = lastJson<{ id: string; status: string; amount: number; rail: string }>(created);
    expect(payout).toMatchObject({ status: "pending", amount: 25.5, rail: "simulator" });
    const account = await prisma().ledgerAccount.findFirstOrThrow({ where: { wallet: { externalUserId: user } } });
    expect({ posted: account.postedMinor, held: account.heldMinor }).toEqual({ posted: 6000n, held: 2550n });

    const listed = await cli("payouts", "list", "--app", app, "--wallet", user);
    expect(listed.stdout).toMatch(new RegExp(`${payout.id}\\s+pending\\s+25.5 USD\\s+from ${user}`));

    for (const [move, status] of [
      ["in-transit", "in_transit"],
      ["paid", "paid"],
    ] as const) {
      const moved = await cli("payouts", "move", payout.id, move, "--app", app);
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stdout).toContain(`Payout ${payout.id} is ${status}.`);
    }
    const returned = await cli("payouts", "move", payout.id, "returned", "--app", app, "--reason", "account_closed");
    expect(returned.stdout).toContain("is returned (account_closed)");
    const again = await cli("payouts", "move", payout.id, "paid", "--app", app);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/returned; it can be paid only from pending or in_transit/);
    const after = await prisma().ledgerAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect({ posted: after.postedMinor, held: after.heldMinor }).toEqual({ posted: 6000n, held: 0n });
    expect((await checkLedgerInvariant(prisma(), { applicationId: app })).balanced).toBe(true);

    const transfers = await cli("transfers", "list", "--app", app, "--wallet", user, "--json");
    expect(transfers.code).toBe(0);
    const page = lastJson<{ data: { amount: number; to: { externalUserId: string } }[] }>(transfers);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ amount: 60, to: { externalUserId: user } });
    expect((await cli("transfers", "list", "--app", app, "--mode", "live")).stdout).toContain("No live transfers.");
  });

  it("refuses bad input with a plain message and changes nothing", async () => {
    const { app, user } = await appWithWallet();
    const badRouting = await cli(
      "bank-accounts",
      "add",
      ...["--app", app, "--country", "US", "--currency", "USD", "--holder", "Acme"],
      ...["--routing-number", "110000001", "--account-number", "000123456789"],
    );
    expect(badRouting.code).toBe(1);
    expect(badRouting.stderr).toContain("ABA checksum");
    const badAmount = await cli(
      "payouts",
      "create",
      ...["--app", app, "--from", user, "--bank-account", "ba_nope", "--amount", "-3", "--currency", "USD"],
    );
    expect(badAmount.code).toBe(2);
    const unknown = await cli(
      "payouts",
      "create",
      ...["--app", app, "--from", user, "--bank-account", "ba_nope", "--amount", "3", "--currency", "USD"],
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No bank account ba_nope");
    const badMove = await cli("payouts", "move", "po_x", "sideways", "--app", app);
    expect(badMove.code).toBe(2);
    expect(await prisma().bankAccount.count({ where: { applicationId: app } })).toBe(0);
    expect(await prisma().payout.count({ where: { applicationId: app } })).toBe(0);
  });

  it("refuses live payouts without a rail, and never moves a live payout by hand", async () => {
    const { app } = await appWithWallet();
    expect(
      (
        await cli(
          "top-ups",
          "record",
          "--app",
          app,
          "--amount",
          "50",
          "--currency",
          "USD",
          "--mode",
          "live",
          "--reference",
          `W-${app}`,
        )
      ).code,
    ).toBe(0);
    const added = await cli(
      "bank-accounts",
      "add",
      ...["--app", app, "--mode", "live", "--country", "US", "--currency", "USD", "--holder", "Acme Inc"],
      ...["--routing-number", "110000000", "--account-number", "000123456789", "--json"],
    );
    const bankAccountId = lastJson<{ id: string }>(added).id;
    const payoutArgs = ["--app", app, "--mode", "live", "--from", "balance", "--bank-account", bankAccountId];
    process.env.PAYOUT_RAIL_LIVE = "none";
    const refused = await cli("payouts", "create", ...payoutArgs, "--amount", "5", "--currency", "USD");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("payout rail connector");

    // A live payout (made through the Lithic rail, not submitted here) cannot be moved from the CLI.
    process.env.PAYOUT_RAIL_LIVE = "lithic";
    process.env.LITHIC_API_KEY = "test-lithic-key";
    process.env.LITHIC_FINANCIAL_ACCOUNT_TOKEN = "0d6b1b9f-b90f-5f03-9c45-8930d5a6aac0";
    const created = await cli("payouts", "create", ...payoutArgs, "--amount", "5", "--currency", "USD", "--json");
    expect(created.code, created.stderr).toBe(0);
    const { id } = lastJson<{ id: string }>(created);
    const moved = await cli("payouts", "move", id, "paid", "--app", app);
    expect(moved.code).toBe(1);
    expect(moved.stderr).toContain("is a live payout");
    expect((await prisma().payout.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
    expect((await cli("payouts", "list", "--app", app, "--mode", "live")).stdout).toMatch(
      new RegExp(`${id}\\s+pending\\s+5 USD\\s+from balance`),
    );
  });
});
