// Issue 36's fault: the process receiving Lithic's clearings is killed (SIGKILL) while they are being
// received and posted. The events route runs in a process of its own (the real route module over
// node:http), a burst of clearings arrives at once, and the process is killed as soon as the first
// is acknowledged, so the others are cut off somewhere between receipt, posting and the record of
// the delivery. Lithic then redelivers every delivery, with the same ids, to a new process (what it
// does for those not acknowledged; the acknowledged ones are sent again too, as a retry may): each
// clearing has posted exactly once, every wallet's balances are the ones it should have, and the
// ledger is balanced.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as asaRoute } from "@/app/api/processors/lithic/asa/route";
import { prisma } from "@/lib/db/client";
import { REPO_ROOT } from "@/lib/db/paths";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { api, walletWithCard } from "../helpers/card-money";
import { createKey, setupApp } from "../helpers/fixtures";
import { asaRequest, cardTransactionUpdated, lithicSecret, signedByLithic } from "../helpers/lithic-payloads";
import { freePort } from "../helpers/service-process";
import { sleep } from "../helpers/wait-until";

const ASA_SECRET = lithicSecret();
const WEBHOOK_SECRET = lithicSecret();
/** Clearings in the burst the first process is killed in. */
const CLEARINGS = 24;
/** Each wallet's funding and its card's hold, in minor units (major-unit funding at the API). */
const FUND = 100;
const saved = { ...process.env };
const children: ChildProcess[] = [];

beforeAll(() => {
  process.env.LITHIC_ASA_SECRET = ASA_SECRET;
  process.env.LITHIC_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.LITHIC_ASA_BUDGET_MS = "1500";
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
  }
  process.env = saved;
});

/** The events route in a process of its own, answering on the returned base URL once it listens. */
async function startEventsProcess(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(REPO_ROOT, "tests/helpers/serve-route-handler.ts"),
      path.join(REPO_ROOT, "app/api/processors/lithic/events/route.ts"),
    ],
    { cwd: REPO_ROOT, env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  children.push(child);
  const url = `http://127.0.0.1:${port}/api/processors/lithic/events`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the events process exited ${child.exitCode}:\n${output}`);
    // serve-route-handler answers anything but POST with 405: listening.
    const status = await fetch(url, { method: "GET" }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 405) return { child, url };
    await sleep(100);
  }
  throw new Error(`the events process did not listen within 60 s:\n${output}`);
}

async function deliver(url: string, delivery: { body: string; headers: Record<string, string> }) {
  const response = await fetch(url, { method: "POST", headers: delivery.headers, body: delivery.body });
  return { status: response.status, json: (await response.json()) as { replayed?: boolean } };
}

describe("Lithic's clearings with the receiving process killed mid-way", () => {
  it("posts each clearing exactly once after a new process takes the redeliveries", async () => {
    const { key, appId } = await setupApp();
    // Several keys: the per-key rate limit (60 a minute) is below this test's calls.
    const keys = [key, ...(await Promise.all([1, 2, 3].map(async () => (await createKey(appId)).secret)))];
    // Cards of one application made Lithic's, each with a hold from an approved ASA request.
    const cards = [];
    for (let n = 0; n < CLEARINGS; n++) {
      const cardKey = keys[n % keys.length]!;
      const { userId, cardId } = await walletWithCard(cardKey, { fund: FUND });
      const token = randomUUID();
      await prisma().card.update({
        where: { id: cardId },
        data: { processor: "lithic", processorCardToken: token, sealedDetails: null },
      });
      // A different amount per card (minor units), so a clearing posted twice or on the wrong card shows.
      const amount = 1_000 + 37 * n;
      const request = asaRequest({ cardToken: token, amount });
      const signed = signedByLithic(request, ASA_SECRET);
      const asa = await asaRoute(
        new Request("http://localhost/api/processors/lithic/asa", {
          method: "POST",
          headers: signed.headers,
          body: signed.body,
        }),
      );
      expect(((await asa.json()) as { result: string }).result).toBe("APPROVED");
      const transaction = await cardTransactionUpdated({
        cardToken: token,
        token: String(request.token),
        status: "SETTLED",
        events: [
          { type: "AUTHORIZATION", amount, token: randomUUID() },
          { type: "CLEARING", amount, token: randomUUID() },
        ],
      });
      cards.push({ key: cardKey, userId, cardId, amount, delivery: signedByLithic(transaction, WEBHOOK_SECRET) });
    }
    const cardIds = cards.map((card) => card.cardId);
    const clearingSteps = () => prisma().networkStep.count({ where: { cardId: { in: cardIds }, kind: "clearing" } });

    // The burst, and the kill as soon as the first answer is in.
    const first = await startEventsProcess();
    let acknowledged = 0;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      first.child.kill("SIGKILL");
    };
    await Promise.allSettled(
      cards.map(async (card) => {
        const answer = await deliver(first.url, card.delivery);
        if (answer.status === 200) acknowledged += 1;
        kill();
      }),
    );
    kill();
    if (first.child.exitCode === null && first.child.signalCode === null) await once(first.child, "exit");
    const postedByFirst = await clearingSteps();
    console.log(
      `killed after ${acknowledged} of ${CLEARINGS} deliveries acknowledged; clearings posted by then: ${postedByFirst}`,
    );
    // The kill came mid-way: not every delivery was acknowledged.
    expect(acknowledged).toBeLessThan(CLEARINGS);

    // Lithic redelivers each, same id and body, to a new process.
    const second = await startEventsProcess();
    for (const card of cards) expect((await deliver(second.url, card.delivery)).status).toBe(200);

    expect(await clearingSteps()).toBe(CLEARINGS);
    for (const card of cards) {
      const steps = await prisma().networkStep.findMany({ where: { cardId: card.cardId, kind: "clearing" } });
      expect(steps.map((step) => step.amount)).toEqual([BigInt(card.amount)]);
      const left = (FUND * 100 - card.amount) / 100;
      expect((await api.wallet(card.key, card.userId)).data?.balance).toEqual({ available: left, posted: left });
    }
    expect((await checkLedgerInvariant(prisma(), { applicationId: appId })).balanced).toBe(true);
  }, 180_000);
});
