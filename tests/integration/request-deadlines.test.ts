// Request deadlines (docs/decisions/overload.md) on the real database and real local HTTP servers:
// transaction() runs its statements under the request's remaining budget, rolls back work whose
// client left or whose deadline passed instead of committing it, leaves spends' stand-in answers
// alone, and keeps the pooled connection's own settings; a spend asks its decision endpoint only
// within its window and answers the stand-in rule when the window is too short.
import { afterEach, describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { toApiError } from "@/lib/http/errors";
import { newId, randomBase62 } from "@/lib/ids";
import { overloadCounters, resetOverloadCounters } from "@/lib/platform/overload-counters";
import { runWithDeadline, type RequestDeadline } from "@/lib/platform/request-deadline";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

function request(budgetMs: number, overrides: Partial<RequestDeadline> = {}): RequestDeadline {
  const now = Date.now();
  return {
    priority: "write",
    admittedAt: now,
    deadline: now + budgetMs,
    clientGone: new AbortController().signal,
    decisionCritical: false,
    ...overrides,
  };
}

/** A row only a committed transaction leaves behind. */
async function insertMerchant(tx: Parameters<Parameters<typeof transaction>[0]>[0], email: string) {
  await tx.merchantUser.create({ data: { id: newId("usr"), email, name: "Deadline test" } });
}
const email = () => `deadline-${randomBase62(10)}@example.test`;
const exists = async (address: string) => (await prisma().merchantUser.count({ where: { email: address } })) === 1;

async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected the work to fail");
}

describe("transaction() under a request deadline", () => {
  it("stops a statement that runs past the budget, answered 503 overloaded", async () => {
    const started = performance.now();
    const error = await failure(
      runWithDeadline(request(300), () => transaction((tx) => tx.$queryRaw`SELECT pg_sleep(3)`)),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    const answer = toApiError(error, "req_test");
    expect(answer.status).toBe(503);
    expect(answer.code).toBe("overloaded");
  });

  it("stops a statement waiting on a lock past the budget", async () => {
    const address = email();
    await prisma().merchantUser.create({ data: { id: newId("usr"), email: address, name: "Locked" } });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = prisma().$transaction(async (tx) => {
      await tx.merchantUser.update({ where: { email: address }, data: { name: "Locked by holder" } });
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const error = await failure(
      runWithDeadline(request(300), () =>
        transaction((tx) => tx.merchantUser.update({ where: { email: address }, data: { name: "Waiter" } })),
      ),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(toApiError(error, "req_test").code).toBe("overloaded");
    release();
    await holder;
  });

  it("rolls back, rather than commits, work whose client left or whose deadline passed meanwhile", async () => {
    resetOverloadCounters();
    const gone = new AbortController();
    const leftAddress = email();
    const left = await failure(
      runWithDeadline(request(5_000, { clientGone: gone.signal }), () =>
        transaction(async (tx) => {
          await insertMerchant(tx, leftAddress);
          gone.abort(); // the client hangs up while the write runs
        }),
      ),
    );
    expect(toApiError(left, "req_test").code).toBe("overloaded");
    expect(await exists(leftAddress)).toBe(false);

    const lateAddress = email();
    const late = await failure(
      runWithDeadline(request(150), () =>
        transaction(async (tx) => {
          await insertMerchant(tx, lateAddress);
          await tx.$queryRaw`SELECT pg_sleep(0.1)::text`;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }),
      ),
    );
    expect(toApiError(late, "req_test").code).toBe("overloaded");
    expect(await exists(lateAddress)).toBe(false);
    expect(overloadCounters().abandoned).toEqual({ client_gone: 1, deadline: 1 });

    // Past its deadline before it began: nothing runs.
    const neverAddress = email();
    await failure(runWithDeadline(request(-1), () => transaction((tx) => insertMerchant(tx, neverAddress))));
    expect(await exists(neverAddress)).toBe(false);
  });

  it("commits a decision-critical request past its deadline (its stand-in answer is recorded), and work outside any request", async () => {
    const spendAddress = email();
    await runWithDeadline(request(-500, { decisionCritical: true, priority: "decision" }), () =>
      transaction((tx) => insertMerchant(tx, spendAddress)),
    );
    expect(await exists(spendAddress)).toBe(true);
    const jobAddress = email();
    await transaction((tx) => insertMerchant(tx, jobAddress));
    expect(await exists(jobAddress)).toBe(true);
  });

  it("sets the timeouts for its own transaction only: the pooled connection keeps its defaults", async () => {
    const inside = await runWithDeadline(request(2_000), () =>
      transaction(
        (tx) => tx.$queryRaw<{ statement: string; lock: string }[]>`
          SELECT (SELECT setting FROM pg_settings WHERE name = 'statement_timeout') AS statement,
                 (SELECT setting FROM pg_settings WHERE name = 'lock_timeout') AS lock`,
      ),
    );
    const statementMs = Number(inside[0]?.statement);
    expect(statementMs).toBeGreaterThan(1_000);
    expect(statementMs).toBeLessThanOrEqual(2_000);
    expect(inside[0]?.lock).toBe(inside[0]?.statement);
    // Every pooled connection afterwards: the server's default (0, none).
    const after = await Promise.all(
      Array.from({ length: 12 }, () =>
        transaction(
          (tx) =>
            tx.$queryRaw<
              { statement: string }[]
            >`SELECT setting AS statement FROM pg_settings WHERE name = 'statement_timeout'`,
        ),
      ),
    );
    for (const row of after) expect(row[0]?.statement).toBe("0");
  });
});

describe("a spend's decision within its window", () => {
  const receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  async function hangingEndpoint(defaultAction: "approve" | "decline") {
    const app = await setupApp();
    const receiver = await startReceiver(() => "hang");
    receivers.push(receiver);
    const set = await testClient(app.key).POST("/api/public/sdk/v1/authorization-endpoint", {
      body: { url: receiver.url, defaultAction, timeoutMs: 2_000 },
    });
    expect(set.response.status).toBe(200);
    return { app, receiver, ...(await walletWithCard(app.key, { fund: 100 })) };
  }

  it("asks for no longer than the window allows, then answers the endpoint's defaultAction in time", async () => {
    // The spend route's first call loads its code: not inside the window measured below.
    const warm = await setupApp();
    const warmCard = await walletWithCard(warm.key, { fund: 10 });
    expect((await api.spend(warm.key, warmCard.cardId, { amount: 1, merchant })).response.status).toBe(201);
    const { app, cardId, receiver } = await hangingEndpoint("approve");
    const started = performance.now();
    const res = await runWithDeadline(request(1_000, { decisionCritical: true, priority: "decision" }), () =>
      api.spend(app.key, cardId, { amount: 5, merchant }),
    );
    const elapsed = performance.now() - started;
    expect(res.response.status).toBe(201);
    expect(res.data?.decision).toMatchObject({ by: "default", reason: "timeout" });
    expect(receiver.received).toHaveLength(1);
    // The endpoint's own 2 s would be past the window.
    expect(elapsed).toBeLessThan(1_500);
  });

  it("with too little of the window left, answers the stand-in rule at once without asking", async () => {
    resetOverloadCounters();
    const { app, cardId, receiver } = await hangingEndpoint("decline");
    const started = performance.now();
    const res = await runWithDeadline(request(200, { decisionCritical: true, priority: "decision" }), () =>
      api.spend(app.key, cardId, { amount: 5, merchant }),
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(res.response.status).toBe(402);
    const declined = res.error?.error as unknown as { code: string; authorization: { decision: unknown } };
    expect(declined.code).toBe("declined_by_application");
    expect(declined.authorization.decision).toMatchObject({ by: "default", reason: "overloaded" });
    expect(receiver.received).toHaveLength(0);
    expect(overloadCounters().decisionsDefaulted).toBe(1);
  });
});
