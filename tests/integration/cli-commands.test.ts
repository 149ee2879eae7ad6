// The operator CLI's commands on a real database, parsed by the real program (runCli, in process):
// bootstrap leaves a console sign-in that works, funding defaults to test mode and names the other
// mode when the wallet is there, and the list commands print names and machine-readable JSON.
import { afterEach, describe, expect, it, vi } from "vitest";
import { bootstrapCommand } from "@/lib/cli/bootstrap-command";
import { describeVerification } from "@/lib/cli/ledger-commands";
import { authenticateCredentials } from "@/lib/console/authenticate-credentials";
import { MIN_PASSWORD_LENGTH } from "@/lib/console/password-rules";
import { passwordStrengthProblem } from "@/lib/console/sign-up";
import { prisma, transaction } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/ids";
import { createWalletBodySchema } from "@/lib/schemas/wallet";
import { createWallet } from "@/lib/wallets/create-wallet";
import { createKey, createMerchantApp, uniqueUserId } from "../helpers/fixtures";
import { runCliCaptured, type CliRun as Run } from "../helpers/run-cli-captured";

const cli = runCliCaptured;

function lastJson<T>(run: Run): T {
  const line = run.stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(line) as T;
}

function uniqueEmail(): string {
  return `op-${randomBase62(10).toLowerCase()}@example.com`;
}

// Each sign-in check comes from its own address, so the per-address login limit never decides a test.
function signIn(email: string, password: string) {
  return authenticateCredentials(prisma(), {
    email,
    password,
    address: `198.51.100.${Math.floor(Math.random() * 250)}`,
  });
}

type BootstrapJson = {
  appId: string;
  testKey: string;
  testWebhookSecret: string;
  liveWebhookSecret: string;
  merchantId: string;
  email: string;
  signInUrl: string;
  passwordStatus: string;
  password?: string;
  testKeyId?: string;
  testKeyName?: string;
};

afterEach(() => {
  vi.restoreAllMocks();
});

// scrypt is deliberately slow (N=2^15), and each of these hashes or checks a password several times.
describe("cli bootstrap", { timeout: 90_000 }, () => {
  it("with --email and --password makes a merchant that the console's credential check signs in", async () => {
    const email = uniqueEmail();
    const password = "a long enough passphrase";
    // Mixed case and spaces, as typed: stored the way the sign-in form normalises it.
    const run = await cli("bootstrap", "--email", `  ${email.toUpperCase()} `, "--password", password, "--json");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const output = lastJson<BootstrapJson>(run);
    expect(output).toMatchObject({
      email,
      passwordStatus: "set",
      signInUrl: expect.stringMatching(/\/merchant\/sdk\/sign-in$/),
    });
    expect(output.appId).toMatch(/^app_/);
    expect(output.testKey).toMatch(/^sk_test_/);
    expect(output.testWebhookSecret).toMatch(/^whsec_/);
    expect(output.liveWebhookSecret).toMatch(/^whsec_/);
    expect(output.liveWebhookSecret).not.toBe(output.testWebhookSecret);
    expect(output).not.toHaveProperty("password");

    expect(await signIn(email, password)).toMatchObject({ id: output.merchantId, email });
    expect(await signIn(email, "not the password")).toBeNull();
    const application = await prisma().application.findUniqueOrThrow({ where: { id: output.appId } });
    expect(
      await prisma().membership.findFirst({
        where: { accountId: application.accountId, merchantId: output.merchantId },
      }),
    ).toMatchObject({ role: "owner" });
  });

  it("refuses a password the console would refuse, with the console's message, and makes nothing", async () => {
    const email = uniqueEmail();
    const run = await cli("bootstrap", "--email", email, "--password", "short");
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`--password: Use at least ${MIN_PASSWORD_LENGTH} characters.`);
    expect(run.stdout).toBe("");
    expect(await prisma().merchantUser.findUnique({ where: { email } })).toBeNull();

    // Long enough but guessable: a common password, and one made of the account's own email.
    const common = await cli("bootstrap", "--email", email, "--password", "password1234");
    expect(common.code).toBe(1);
    expect(common.stderr).toMatch(/^--password: This password is too easy to guess\./);
    const local = `grace.hopper.${randomBase62(6).toLowerCase()}`;
    const ownPassword = local.replaceAll(".", "");
    // Strong enough on its own: only the account's email makes it guessable.
    expect(passwordStrengthProblem(ownPassword)).toBeUndefined();
    const own = await cli("bootstrap", "--email", `${local}@example.com`, "--password", ownPassword);
    expect(own.code).toBe(1);
    expect(own.stderr).toMatch(/^--password: This password is too easy to guess\./);
    expect(await prisma().merchantUser.count({ where: { email: { in: [email, `${local}@example.com`] } } })).toBe(0);
  });

  it("without --password generates one, prints it once with where to sign in, and never resets it silently", async () => {
    const email = uniqueEmail();
    const first = await cli("bootstrap", "--email", email);
    expect(first.code).toBe(0);
    const shown = /sign in at (\S+\/merchant\/sdk\/sign-in) with (\S+) \/ (\S+)/.exec(first.stdout);
    // Each mode's secret on its own labelled line.
    const testSecret = /Webhook secrets: +test (whsec_\w+)/.exec(first.stdout)?.[1];
    const liveSecret = /^ +live (whsec_\w+)/m.exec(first.stdout)?.[1];
    expect(testSecret).toMatch(/^whsec_/);
    expect(liveSecret).toMatch(/^whsec_/);
    expect(shown?.[2]).toBe(email);
    const generated = shown?.[3] ?? "";
    expect(generated.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    expect(await signIn(email, generated)).not.toBeNull();

    // Again without --password: the same merchant and application, the password untouched and not shown.
    const again = lastJson<BootstrapJson>(await cli("bootstrap", "--email", email, "--json"));
    expect(again.passwordStatus).toBe("unchanged");
    expect([again.testWebhookSecret, again.liveWebhookSecret]).toEqual([testSecret, liveSecret]);
    expect(again).not.toHaveProperty("password");
    expect(await signIn(email, generated)).not.toBeNull();

    // --password replaces it: the old one stops working.
    const replaced = lastJson<BootstrapJson>(
      await cli("bootstrap", "--email", email, "--password", "another passphrase", "--json"),
    );
    expect(replaced).toMatchObject({ passwordStatus: "set", appId: again.appId, merchantId: again.merchantId });
    expect(await signIn(email, generated)).toBeNull();
    expect(await signIn(email, "another passphrase")).not.toBeNull();
  });

  it("gives a merchant made without a password (an older bootstrap) a generated one, but adds none to a GitHub account", async () => {
    const older = uniqueEmail();
    await prisma().merchantUser.create({ data: { id: newId("usr"), email: older, name: "Operator" } });
    const output = lastJson<BootstrapJson>(await cli("bootstrap", "--email", older, "--json"));
    expect(output.passwordStatus).toBe("generated");
    expect(await signIn(older, output.password ?? "")).not.toBeNull();

    const github = uniqueEmail();
    await prisma().merchantUser.create({ data: { id: newId("usr"), email: github, githubId: randomBase62(8) } });
    const text = await cli("bootstrap", "--email", github);
    expect(text.stdout).toContain(`with GitHub as ${github} (no password set; --password adds one)`);
    expect((await prisma().merchantUser.findUniqueOrThrow({ where: { email: github } })).passwordHash).toBeNull();
  });

  it("names each run's key apart ('bootstrap', 'bootstrap 2', …) and leaves the earlier ones working", async () => {
    const email = uniqueEmail();
    const password = "violet tractor harbour nine";
    const first = lastJson<BootstrapJson>(await cli("bootstrap", "--email", email, "--password", password, "--json"));
    const second = await cli("bootstrap", "--email", email);
    expect(second.stdout).toMatch(/"bootstrap 2" \(key_\w+\); earlier bootstrap keys still work/);
    const third = lastJson<BootstrapJson>(await cli("bootstrap", "--email", email, "--json"));
    expect(first.testKeyName).toBe("bootstrap");
    expect(third).toMatchObject({ appId: first.appId, testKeyName: "bootstrap 3" });

    type Listed = { id: string; name: string; revokedAt: string | null };
    const listed = lastJson<Listed[]>(await cli("keys", "list", "--app", first.appId, "--json"));
    expect(listed.map((k) => k.name).sort()).toEqual(["bootstrap", "bootstrap 2", "bootstrap 3"]);
    expect(listed.every((k) => k.revokedAt === null)).toBe(true);

    // A revoked key keeps its number: the next run does not reuse "bootstrap 3".
    expect((await cli("keys", "revoke", third.testKeyId ?? "")).code).toBe(0);
    const fourth = lastJson<BootstrapJson>(await cli("bootstrap", "--email", email, "--json"));
    expect(fourth.testKeyName).toBe("bootstrap 4");
  });

  it("keeps the --json line backward compatible when called as a command object", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    await bootstrapCommand.run({ email: uniqueEmail(), appName: "Compat app", json: true }, []);
    expect(lines).toHaveLength(1);
    expect(Object.keys(JSON.parse(lines[0] ?? "{}"))).toEqual(
      expect.arrayContaining(["appId", "testKey", "testWebhookSecret", "liveWebhookSecret", "email", "password"]),
    );
  });
});

describe("cli wallets fund", () => {
  async function walletIn(applicationId: string, livemode: boolean, externalUserId = uniqueUserId()) {
    const body = createWalletBodySchema.parse({ externalUserId, currency: "USD", email: "ada@example.com" });
    await transaction((tx) => createWallet(tx, { applicationId, livemode }, body));
    return externalUserId;
  }

  it("funds the test wallet when no --mode is given, as the README's example does", async () => {
    const { application } = await createMerchantApp("Fund app");
    const user = await walletIn(application.id, false);
    const run = await cli("wallets", "fund", "--app", application.id, "--user", user, "--amount", "12.34", "--json");
    expect(run.code).toBe(0);
    expect(lastJson(run)).toMatchObject({
      type: "funding",
      amount: 12.34,
      currency: "USD",
      livemode: false,
      balanceAfter: 12.34,
    });
  });

  it("says which mode has the wallet when the chosen one has none, and funds it with that --mode", async () => {
    const { application } = await createMerchantApp("Live fund app");
    const user = await walletIn(application.id, true);
    const wrong = await cli("wallets", "fund", "--app", application.id, "--user", user, "--amount", "5");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toBe(
      `No test wallet for ${user} in ${application.id}; a live one exists: add --mode live.`,
    );
    expect(await prisma().ledgerTransfer.count({ where: { applicationId: application.id } })).toBe(0);

    const right = await cli(
      "wallets",
      "fund",
      "--app",
      application.id,
      "--user",
      user,
      "--amount",
      "5",
      "--mode",
      "live",
      "--json",
    );
    expect(right.code).toBe(0);
    expect(lastJson(right)).toMatchObject({ livemode: true, amount: 5 });

    const testOnly = await walletIn(application.id, false);
    const other = await cli(
      "wallets",
      "fund",
      "--app",
      application.id,
      "--user",
      testOnly,
      "--amount",
      "1",
      "--mode",
      "live",
    );
    expect(other.stderr).toContain("a test one exists: add --mode test.");
    const nowhere = await cli("wallets", "fund", "--app", application.id, "--user", "nobody_here", "--amount", "1");
    expect(nowhere.stderr).toContain("No test wallet for nobody_here");
    expect(nowhere.stderr).toContain("no live one either");
  });

  it("refuses a malformed amount or mode as a usage error (exit 2) with a hint, before touching anything", async () => {
    const { application } = await createMerchantApp("Usage app");
    const amount = await cli("wallets", "fund", "--app", application.id, "--user", "u", "--amount", "-3");
    expect(amount.code).toBe(2);
    expect(amount.stderr).toContain("error: option '--amount <amount>' argument '-3' is invalid.");
    expect(amount.stderr).toContain('(Run "npm run cli -- wallets fund --help" for its options and examples.)');
    const mode = await cli(
      "wallets",
      "fund",
      "--app",
      application.id,
      "--user",
      "u",
      "--amount",
      "1",
      "--mode",
      "prod",
    );
    expect(mode.code).toBe(2);
    expect(mode.stderr).toContain("Allowed choices are test, live.");
  });
});

describe("cli keys list", () => {
  it("--json lists every key with its name, mode, last 4, scopes and revocation, and no secret", async () => {
    const { application } = await createMerchantApp("Keys app");
    const ci = await createKey(application.id, { name: "CI deploys", scopes: ["wallets:read"] });
    const live = await createKey(application.id, { name: "Live backend", mode: "live" });
    expect((await cli("keys", "revoke", ci.record.id)).code).toBe(0);

    const run = await cli("keys", "list", "--app", application.id, "--json");
    expect(run.code).toBe(0);
    const keys = lastJson<Record<string, unknown>[]>(run);
    expect(keys).toEqual([
      expect.objectContaining({
        id: ci.record.id,
        name: "CI deploys",
        mode: "test",
        last4: ci.secret.slice(-4),
        scopes: ["wallets:read"],
        revokedAt: expect.any(String),
      }),
      expect.objectContaining({ id: live.record.id, name: "Live backend", mode: "live", revokedAt: null }),
    ]);
    expect(run.stdout).not.toContain(ci.secret);
    expect(run.stdout).not.toContain("hashedKey");
  });

  it("shows an aligned table with the names by default", async () => {
    const { application } = await createMerchantApp("Table app");
    await createKey(application.id, { name: "Reporting" });
    await createKey(application.id, { name: "A much longer key name" });
    const run = await cli("keys", "list", "--app", application.id);
    const [header = "", ...rows] = run.stdout.trim().split("\n");
    expect(header.split(/\s{2,}/)).toEqual([
      "ID",
      "NAME",
      "MODE",
      "KEY",
      "SCOPES",
      "ALLOWED IPS",
      "CREATED (UTC)",
      "LAST USED",
      "REVOKED",
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("Reporting");
    // Every row's MODE column starts where the header's does.
    for (const row of rows) expect(row.indexOf(" test ")).toBe(header.indexOf("MODE") - 1);
  });

  it("names an unknown application instead of printing an empty list", async () => {
    const run = await cli("keys", "list", "--app", "app_doesnotexist", "--json");
    expect(run).toMatchObject({ code: 1, stdout: "" });
    expect(run.stderr.trim()).toBe("No application app_doesnotexist.");
  });
});

describe("cli webhooks list", () => {
  it("--json lists the endpoints with mode, state and events, and shows a disabled one as disabled", async () => {
    const { application } = await createMerchantApp("Hooks app");
    const added = await cli(
      "webhooks",
      "add",
      "--app",
      application.id,
      "--url",
      "http://127.0.0.1:9/hooks",
      "--events",
      "card.issued, card.captured",
      "--json",
    );
    expect(added.code).toBe(0);
    const endpoint = lastJson<{ id: string }>(added);
    expect(lastJson<unknown[]>(await cli("webhooks", "list", "--app", application.id, "--json"))).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        mode: "test",
        enabled: true,
        url: "http://127.0.0.1:9/hooks",
        events: ["card.issued", "card.captured"],
      }),
    ]);
    expect((await cli("webhooks", "disable", endpoint.id)).code).toBe(0);
    const listed = lastJson<{ enabled: boolean }[]>(await cli("webhooks", "list", "--app", application.id, "--json"));
    expect(listed.map((e) => e.enabled)).toEqual([false]);
    const stored = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored.disabledReason).toBe("Disabled by an operator (command line)");

    const enabled = await cli("webhooks", "enable", endpoint.id);
    expect(enabled.code).toBe(0);
    expect(enabled.stdout).toContain("0 pending deliveries resumed");
    const relisted = lastJson<{ enabled: boolean }[]>(await cli("webhooks", "list", "--app", application.id, "--json"));
    expect(relisted.map((e) => e.enabled)).toEqual([true]);
  });

  it("--json prints an empty array for an application without endpoints", async () => {
    const { application } = await createMerchantApp("No hooks app");
    expect(lastJson(await cli("webhooks", "list", "--app", application.id, "--json"))).toEqual([]);
  });
});

describe("cli ledger verify", () => {
  it("runs the full verification, prints each mode's result and records it", async () => {
    const before = new Date();
    const run = await cli("ledger", "verify");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("live: balanced\ntest: balanced\n");
    const recorded = await prisma().ledgerVerification.findMany({ orderBy: { livemode: "asc" } });
    expect(recorded.map((r) => [r.livemode, r.balanced, r.checkedAt >= before])).toEqual([
      [false, true, true],
      [true, true, true],
    ]);

    const json = lastJson<{ live: boolean; test: boolean; findings: { live: Record<string, string[]> } }>(
      await cli("ledger", "verify", "--json"),
    );
    expect(json).toMatchObject({ live: true, test: true });
    expect(Object.values(json.findings.live).flat()).toEqual([]);
  });

  it("names each kind of finding with its first ids when a mode does not balance", () => {
    const none = { mismatchedDeltas: [], unbalancedTransfers: [], mismatchedAccounts: [], mismatchedTotals: [] };
    const accounts = Array.from({ length: 12 }, (_, i) => `lacct_${i}`);
    const lines = describeVerification({
      live: true,
      test: false,
      findings: { live: none, test: { ...none, mismatchedAccounts: accounts, mismatchedTotals: ["card_volume:USD"] } },
    });
    expect(lines).toEqual([
      "live: balanced",
      "test: NOT balanced",
      `  12 accounts whose cached balances differ from their entries and holds, or are negative: ${accounts.slice(0, 10).join(", ")}`,
      "  1 running totals that differ from a full recomputation: card_volume:USD",
    ]);
  });
});

describe("cli top-ups, balance and transfers", () => {
  it("records a live bank deposit once per reference, audited, and moves it to a wallet", async () => {
    const { application } = await createMerchantApp("Deposit app");
    const user = uniqueUserId();
    const body = createWalletBodySchema.parse({ externalUserId: user, currency: "USD", email: "ada@example.com" });
    await transaction((tx) => createWallet(tx, { applicationId: application.id, livemode: true }, body));

    const missing = await cli(
      "top-ups",
      "record",
      "--app",
      application.id,
      "--amount",
      "2500",
      "--currency",
      "USD",
      "--mode",
      "live",
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--reference is required in live mode");

    const args = [
      "top-ups",
      "record",
      "--app",
      application.id,
      "--amount",
      "2500",
      "--currency",
      "usd",
      "--mode",
      "live",
    ];
    const recorded = await cli(...args, "--reference", "WIRE-0042", "--json");
    expect(recorded.code).toBe(0);
    expect(lastJson(recorded)).toMatchObject({
      object: "top_up",
      amount: 2500,
      currency: "USD",
      reference: "WIRE-0042",
      livemode: true,
    });
    const again = await cli(...args, "--reference", "WIRE-0042");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("WIRE-0042 was already recorded");
    expect(await prisma().topUp.count({ where: { applicationId: application.id } })).toBe(1);
    expect(await prisma().auditLog.count({ where: { applicationId: application.id, action: "top_up.recorded" } })).toBe(
      1,
    );

    const moved = await cli(
      "transfers",
      "create",
      "--app",
      application.id,
      "--mode",
      "live",
      "--from",
      "balance",
      "--to",
      user,
      "--amount",
      "100.5",
      "--currency",
      "USD",
      "--json",
    );
    expect(moved.code).toBe(0);
    expect(lastJson(moved)).toMatchObject({
      object: "transfer",
      amount: 100.5,
      livemode: true,
      to: { externalUserId: user },
    });
    const balance = await cli("balance", "--app", application.id, "--mode", "live", "--json");
    expect(lastJson(balance)).toEqual({
      object: "balance",
      livemode: true,
      available: [{ currency: "USD", amount: 2399.5 }],
      pending: [{ currency: "USD", amount: 0 }],
    });
    const tooMuch = await cli(
      "transfers",
      "create",
      "--app",
      application.id,
      "--mode",
      "live",
      "--from",
      user,
      "--to",
      "balance",
      "--amount",
      "100.51",
      "--currency",
      "USD",
    );
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toContain("less than 100.51");
  });
});
