// Holds that end (docs/decisions/holds-that-end.md): a reversal or an expiry releases exactly the
// hold and records card.reversed once (card.expired for a lapse); a reversed or expired hold is not captured, refunded or
// ended again; the expiry is one queued job per hold, due at expiresAt, that expires it once
// however many workers run it; a card past its expiry month declines with card_expired.
import { once } from "node:events";
import { afterAll, describe, expect, it, vi } from "vitest";
import { expireHold } from "@/lib/authorizations/expire-hold";
import { runCli } from "@/lib/cli/run-cli";
import { holdExpiryJobKey, HOLD_EXPIRY_TASK } from "@/lib/authorizations/hold-expiry";
import { prisma } from "@/lib/db/client";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { createKey, setupApp } from "../helpers/fixtures";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { startTestWorker } from "../helpers/test-worker";
import { workerProcesses } from "../helpers/worker-process";

const DAY_MS = 86_400_000;

/** The events that ended the hold: card.reversed for a reversal, card.expired for a lapse. */
async function reversedEvents(authorizationId: string) {
  const events = await prisma().event.findMany({
    where: { type: { in: ["card.reversed", "card.expired"] }, data: { path: ["id"], equals: authorizationId } },
    orderBy: { sequence: "asc" },
  });
  return events;
}

async function expiryJob(authorizationId: string) {
  // The public view leaves the payload out; the private table beside it has it.
  const [job] = await prisma().$queryRaw<{ task_identifier: string; run_at: Date; payload: unknown }[]>`
    SELECT j.task_identifier, j.run_at, p.payload FROM graphile_worker.jobs j
    JOIN graphile_worker._private_jobs p ON p.id = j.id
    WHERE j.key = ${holdExpiryJobKey(authorizationId)}`;
  return job;
}

/** Makes holds due now, as if AUTHORIZATION_HOLD_DAYS had passed: the expiry and the job's run_at. */
async function makeDue(authorizationIds: string[]) {
  await prisma().authorization.updateMany({ where: { id: { in: authorizationIds } }, data: { expiresAt: new Date() } });
  for (const id of authorizationIds) {
    // Re-adding under the same key replaces the job (graphile-worker's job_key), as the approval queued it.
    await prisma().$queryRaw`SELECT 1 FROM graphile_worker.add_job(
      identifier => ${HOLD_EXPIRY_TASK}, payload => ${JSON.stringify({ authorizationId: id })}::json,
      run_at => now(), max_attempts => 25, job_key => ${holdExpiryJobKey(id)})`;
  }
}

describe("reversal", () => {
  it("releases exactly the hold, fires card.reversed once, and a replay repeats the answer", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const kept = (await api.spend(app.key, cardId, { amount: 20, merchant })).data!;
    const auth = (await api.spend(app.key, cardId, { amount: 30.25, merchant })).data!;
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 49.75, posted: 100 });

    const reversed = await api.reverse(app.key, auth.id, { idempotencyKey: `rev-${auth.id}` });
    expect(reversed.response.status).toBe(200);
    expect(reversed.data).toMatchObject({
      id: auth.id,
      status: "reversed",
      amount: 30.25,
      capturedAmount: 0,
      idempotent_replay: false,
    });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 80, posted: 100 });
    expect((await api.authorization(app.key, kept.id)).data?.status).toBe("pending");

    const replay = await api.reverse(app.key, auth.id, { idempotencyKey: `rev-${auth.id}` });
    expect(replay.response.status).toBe(200);
    expect(replay.data).toMatchObject({ status: "reversed", idempotent_replay: true });

    const events = await reversedEvents(auth.id);
    const { idempotent_replay: _flag, ...record } = reversed.data!;
    expect(events.map((event) => event.data)).toEqual([record]);
    expect(await expiryJob(auth.id)).toBeUndefined();
    expect(await expiryJob(kept.id)).toBeDefined();
    expect((await checkLedgerInvariant(prisma(), { applicationId: app.appId })).balanced).toBe(true);
  });

  it("refuses to capture, reverse, expire or refund a reversed hold, changing nothing", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 50 });
    const auth = (await api.spend(app.key, cardId, { amount: 10, merchant })).data!;
    await api.reverse(app.key, auth.id);

    const capture = await api.capture(app.key, auth.id);
    expect(capture.response.status).toBe(409);
    expect(capture.error?.error).toMatchObject({ type: "conflict_error", code: "authorization_reversed" });
    const again = await api.reverse(app.key, auth.id);
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe("authorization_reversed");
    const expire = await api.expire(app.key, auth.id);
    expect(expire.response.status).toBe(409);
    expect(expire.error?.error.code).toBe("authorization_reversed");
    const refund = await api.refund(app.key, auth.id);
    expect(refund.response.status).toBe(409);
    expect(refund.error?.error.code).toBe("authorization_not_captured");
    expect(refund.error?.error.message).toMatch(/reversed uncaptured/);

    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 50, posted: 50 });
    expect(await reversedEvents(auth.id)).toHaveLength(1);
    expect((await checkLedgerInvariant(prisma(), { applicationId: app.appId })).balanced).toBe(true);
  });

  it("answers 409 authorization_not_pending for a captured or declined authorization, 404 for another app's", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 20 });
    const captured = (await api.spend(app.key, cardId, { amount: 5, merchant })).data!;
    await api.capture(app.key, captured.id);
    const closed = await api.reverse(app.key, captured.id);
    expect(closed.response.status).toBe(409);
    expect(closed.error?.error.code).toBe("authorization_not_pending");
    const declined = await api.spend(app.key, cardId, { amount: 500, merchant });
    expect(declined.response.status).toBe(402);
    const declinedId = (declined.error?.error as { authorization?: { id: string } }).authorization!.id;
    expect((await api.reverse(app.key, declinedId)).error?.error.code).toBe("authorization_not_pending");

    const other = await setupApp();
    const foreign = await api.reverse(other.key, captured.id);
    expect(foreign.response.status).toBe(404);
    expect(foreign.error?.error.code).toBe("authorization_not_found");
  });
});

describe("expiry", () => {
  it("records expiresAt AUTHORIZATION_HOLD_DAYS after approval and queues one job due then", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 20 });
    const auth = (await api.spend(app.key, cardId, { amount: 5, merchant })).data!;
    expect(Date.parse(auth.expiresAt!) - Date.parse(auth.createdAt)).toBe(7 * DAY_MS);
    const job = await expiryJob(auth.id);
    expect(job).toMatchObject({ task_identifier: "authorization_expire", payload: { authorizationId: auth.id } });
    expect(job!.run_at.toISOString()).toBe(auth.expiresAt);

    const declined = await api.spend(app.key, cardId, { amount: 500, merchant });
    expect((declined.error?.error as { authorization?: { expiresAt: unknown } }).authorization?.expiresAt).toBeNull();

    // A capture ends the hold: its job goes with it.
    await api.capture(app.key, auth.id);
    expect(await expiryJob(auth.id)).toBeUndefined();
  });

  it("expires a pending hold once however many run it at the same time, releasing exactly the hold", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    await api.spend(app.key, cardId, { amount: 15, merchant });
    const auth = (await api.spend(app.key, cardId, { amount: 40, merchant })).data!;

    const results = await Promise.all([1, 2, 3, 4].map(() => expireHold(prisma(), auth.id)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(results.find((r) => r !== null)).toMatchObject({ id: auth.id, status: "expired", capturedAmount: 0 });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 85, posted: 100 });
    expect(await reversedEvents(auth.id)).toHaveLength(1);
    expect((await reversedEvents(auth.id))[0]).toMatchObject({ type: "card.expired", data: { status: "expired" } });

    const capture = await api.capture(app.key, auth.id, { amount: 1 });
    expect(capture.response.status).toBe(409);
    expect(capture.error?.error).toMatchObject({ type: "conflict_error", code: "authorization_expired" });
    expect((await api.reverse(app.key, auth.id)).error?.error.code).toBe("authorization_expired");
    expect(await expireHold(prisma(), auth.id)).toBeNull();
    expect((await checkLedgerInvariant(prisma(), { applicationId: app.appId })).balanced).toBe(true);
  });

  it("does nothing when the hold was captured or reversed first", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const captured = (await api.spend(app.key, cardId, { amount: 10, merchant })).data!;
    await api.capture(app.key, captured.id, { amount: 6 });
    const reversed = (await api.spend(app.key, cardId, { amount: 20, merchant })).data!;
    await api.reverse(app.key, reversed.id);
    expect(await expireHold(prisma(), captured.id)).toBeNull();
    expect(await expireHold(prisma(), reversed.id)).toBeNull();
    expect(await expireHold(prisma(), "auth_missing")).toBeNull();
    expect((await api.authorization(app.key, captured.id)).data?.status).toBe("closed");
    expect((await api.authorization(app.key, reversed.id)).data?.status).toBe("reversed");
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 94, posted: 94 });
    expect(await reversedEvents(reversed.id)).toHaveLength(1);
  });

  it("expires a test hold now through the test helper, and refuses live keys", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 30 });
    const auth = (await api.spend(app.key, cardId, { amount: 12.5, merchant })).data!;
    const expired = await api.expire(app.key, auth.id);
    expect(expired.response.status).toBe(200);
    expect(expired.data).toMatchObject({ status: "expired", idempotent_replay: false });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 30, posted: 30 });
    expect(await expiryJob(auth.id)).toBeUndefined();
    expect((await api.capture(app.key, auth.id)).error?.error.code).toBe("authorization_expired");

    const live = await createKey(app.appId, { mode: "live" });
    const refused = await api.expire(live.secret, auth.id);
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe("test_mode_only");
  });
});

describe("the database's guard", () => {
  it("refuses a reversed or expired authorization with a captured amount (23514)", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 20 });
    const auth = (await api.spend(app.key, cardId, { amount: 5, merchant })).data!;
    for (const status of ["reversed", "expired"] as const) {
      const write = prisma().$executeRaw`
        UPDATE "Authorization" SET status = ${status}::"AuthorizationStatus", "capturedAmount" = 100 WHERE id = ${auth.id}`;
      await expect(write).rejects.toThrow(/Authorization_released_uncaptured|23514/);
    }
  });
});

describe("card expiry", () => {
  it("declines a card past its expiry month with card_expired, and approves one in its last month", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 50 });
    const now = new Date();
    await prisma().card.update({
      where: { id: cardId },
      data: { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() },
    });
    expect((await api.spend(app.key, cardId, { amount: 1, merchant })).response.status).toBe(201);

    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    await prisma().card.update({
      where: { id: cardId },
      data: { expMonth: lastMonth.getUTCMonth() + 1, expYear: lastMonth.getUTCFullYear() },
    });
    const declined = await api.spend(app.key, cardId, { amount: 1, merchant });
    expect(declined.response.status).toBe(402);
    expect(declined.error?.error).toMatchObject({ type: "card_error", code: "card_expired" });
    expect((declined.error?.error as { authorization?: object }).authorization).toMatchObject({
      status: "declined",
      declineCode: "card_expired",
    });
  });
});

describe("card.reversed and card.expired delivered by a worker", () => {
  const receivers: WebhookReceiver[] = [];
  afterAll(() => Promise.all(receivers.map((r) => r.close())));

  it("delivers one card.reversed for a reversal and one card.expired for an expiry the worker ran", async () => {
    const worker = await startTestWorker();
    try {
      const app = await setupApp();
      const hooks = await startReceiver();
      receivers.push(hooks);
      await addWebhookEndpoint(prisma(), { applicationId: app.appId, url: hooks.url, livemode: false });
      const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
      const toReverse = (await api.spend(app.key, cardId, { amount: 10, merchant })).data!;
      const toExpire = (await api.spend(app.key, cardId, { amount: 25, merchant })).data!;
      await api.reverse(app.key, toReverse.id);
      await makeDue([toExpire.id]);
      await waitUntil(async () => (await api.authorization(app.key, toExpire.id)).data?.status === "expired");

      const reversals = () =>
        hooks.received
          .map((r) => JSON.parse(r.rawBody.toString("utf8")) as { event: string; data: { id: string; status: string } })
          .filter((envelope) => envelope.event === "card.reversed" || envelope.event === "card.expired");
      await waitUntil(() => reversals().length >= 2);
      // Long enough for a duplicate to show up if one were coming.
      await sleep(1_000);
      expect(
        reversals()
          .map((envelope) => [envelope.event, envelope.data.id, envelope.data.status])
          .sort(),
      ).toEqual(
        [
          ["card.reversed", toReverse.id, "reversed"],
          ["card.expired", toExpire.id, "expired"],
        ].sort(),
      );
      expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 100, posted: 100 });
    } finally {
      await worker.stop();
    }
  }, 60_000);
});

describe("a worker killed while expiring holds", () => {
  const processes = workerProcesses();
  afterAll(() => processes.killAll());

  it("expires each hold once after a new worker takes over", async () => {
    const app = await setupApp();
    const wallets = await Promise.all([1, 2, 3, 4].map(() => walletWithCard(app.key, { fund: 100 })));
    const holds: string[] = [];
    for (const { cardId } of wallets) {
      for (const amount of [3, 5, 7, 11, 13]) {
        holds.push((await api.spend(app.key, cardId, { amount, merchant })).data!.id);
      }
    }
    await makeDue(holds);
    const expiredCount = () => prisma().authorization.count({ where: { id: { in: holds }, status: "expired" } });

    const first = processes.start();
    await waitUntil(async () => (await expiredCount()) > 0, 30_000, 10);
    first.kill("SIGKILL");
    await once(first, "exit");
    const expiredByFirst = await expiredCount();

    processes.start();
    await waitUntil(async () => (await expiredCount()) === holds.length, 30_000);
    await sleep(1_000);
    expect(expiredByFirst).toBeGreaterThan(0);
    for (const id of holds) expect(await reversedEvents(id)).toHaveLength(1);
    for (const { userId } of wallets) {
      expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 100, posted: 100 });
    }
    expect((await checkLedgerInvariant(prisma(), { applicationId: app.appId })).balanced).toBe(true);
    // Every wallet's events stay numbered 1, 2, 3... with no gap or repeat.
    for (const { walletId } of wallets) {
      const sequences = (await prisma().event.findMany({ where: { walletId }, orderBy: { sequence: "asc" } })).map(
        (event) => event.sequence,
      );
      expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    }
  }, 90_000);
});

describe("cli authorizations reverse", () => {
  /** One command line as `npm run cli -- …` runs it, with what it printed. */
  async function cli(...argv: string[]) {
    let stdout = "";
    let stderr = "";
    const spies = [
      vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void (stdout += `${args.join(" ")}\n`)),
      vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void (stderr += `${args.join(" ")}\n`)),
    ];
    try {
      return { code: await runCli(argv, "npm run cli --"), stdout, stderr };
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  it("reverses a pending hold in the authorization's own mode, and refuses one already ended", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 40 });
    const auth = (await api.spend(app.key, cardId, { amount: 15, merchant })).data!;

    const run = await cli("authorizations", "reverse", auth.id, "--app", app.appId, "--json");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toMatchObject({ id: auth.id, status: "reversed", livemode: false });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 40, posted: 40 });
    expect(await reversedEvents(auth.id)).toHaveLength(1);

    const again = await cli("authorizations", "reverse", auth.id, "--app", app.appId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/was reversed/);
    const other = await setupApp();
    const foreign = await cli("authorizations", "reverse", auth.id, "--app", other.appId);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr.trim()).toBe(`No authorization ${auth.id} in ${other.appId}.`);
    expect(await reversedEvents(auth.id)).toHaveLength(1);
  });
});
