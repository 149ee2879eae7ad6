// Where a decided spend's extra CPU goes: the parts askForDecision adds to a spend, each timed alone
// in one process (process.cpuUsage over many sequential calls) against a node:http endpoint in a
// child process answering {"approved": true} at once. A companion to run.ts, for choosing what to cut.
//
//   npx tsx bench/authorization-decisions/parts.ts [--calls 400]
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createRunDatabase } from "@/lib/db/run-database";
import { abEnvironment, item, runScript, startApprovingEndpoint } from "../support/ab-harness";

const { values } = parseArgs({ options: { calls: { type: "string", default: "400" } } });
const calls = Number(values.calls);

async function cpuPerCall(label: string, work: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 50; i++) await work();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < calls; i++) await work();
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - start;
  console.log(
    `${label.padEnd(44)} cpu ${((used.user + used.system) / calls / 1000).toFixed(3)} ms  wall ${(wall / calls).toFixed(3)} ms`,
  );
}

async function main(): Promise<void> {
  abEnvironment();
  const runId = `${Date.now()}_${randomBytes(4).toString("hex")}`;
  const database = await createRunDatabase("bench_adp", runId);
  const port = 3590 + Math.floor(Math.random() * 100);
  const endpoint = await startApprovingEndpoint(port);
  process.env.DATABASE_URL = database.url;
  try {
    const { seedApiData } = await import("../support/seed");
    const { prisma } = await import("@/lib/db/client");
    const { checkSpend } = await import("@/lib/authorizations/spend-card");
    const { askForDecision } = await import("@/lib/authorization-decisions/ask-decision");
    const { findDecisionEndpoint } = await import("@/lib/authorization-decisions/decision-endpoint");
    const { seed } = await seedApiData(runId, { keys: 1, wallets: 10 }, endpoint.url);
    const cardId = item(seed.decisionCardIds, 0);
    const card = await prisma().card.findUniqueOrThrow({ where: { id: cardId } });
    const tenant = { applicationId: card.applicationId, livemode: false };
    const input = { amount: 0.01, merchant: { name: "Bench Coffee", category: "5814", country: "US" } };
    await cpuPerCall("SELECT 1 through Prisma", () => prisma().$queryRaw`SELECT 1`);
    await cpuPerCall("findDecisionEndpoint (cached)", () => findDecisionEndpoint(tenant));
    const { preCheckReader } = await import("@/lib/authorization-decisions/pre-check-reader");
    await cpuPerCall("checkSpend unlocked through Prisma", () =>
      checkSpend(prisma(), tenant, cardId, input, { lock: false }),
    );
    await cpuPerCall("checkSpend unlocked, pre-check reader", () =>
      checkSpend(preCheckReader, tenant, cardId, input, { lock: false }),
    );
    await cpuPerCall("askForDecision (all of the prepare)", () => askForDecision(tenant, cardId, input, "sdk"));
    const { signedRequest } = await import("@/lib/webhooks/envelope");
    const { interpretAnswer } = await import("@/lib/authorization-decisions/ask-decision");
    const { newId } = await import("@/lib/ids");
    const secrets = { current: "whsec_" + "a".repeat(40), pending: null };
    const envelope = {
      id: "areq_abc",
      event: "card.authorization.request",
      schema_version: "2026-01-01",
      sent_at: new Date().toISOString(),
      data: {
        authorizationId: "auth_x",
        amount: 0.01,
        currency: "USD",
        merchant: input.merchant,
        card: { id: cardId, last4: "4242" },
      },
    };
    await cpuPerCall("signedRequest", async () => signedRequest(envelope, envelope.id, secrets));
    await cpuPerCall("newId x2", async () => [newId("auth"), newId("areq")]);
    const result = { statusCode: 200, latencyMs: 1, responseExcerpt: '{"approved":true}', error: null };
    await cpuPerCall("interpretAnswer", async () => interpretAnswer(result, { defaultAction: "decline" }, 1n, "USD"));
    const pg = (await import("pg")).default;
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await cpuPerCall("SELECT 1 through pg alone", () => pool.query("SELECT 1"));
    await pool.end();
    const { sendWebhookRequest } = await import("@/lib/webhooks/send-request");
    const url = endpoint.url;
    const headers = { "content-type": "application/json" };
    const body = JSON.stringify({ id: "areq_x", data: { amount: 1 } });
    await cpuPerCall("sendWebhookRequest (no signing)", () =>
      sendWebhookRequest({
        url,
        body,
        headers,
        livemode: false,
        timeoutMs: 2000,
        answerBytes: 16384,
        separatePool: { name: "d", connections: 4 },
      }),
    );
    const { Pool } = await import("undici");
    const raw = new Pool(`http://127.0.0.1:${port}`, { connections: 4 });
    await cpuPerCall("undici Pool.request + text()", async () => {
      const r = await raw.request({ path: "/decide", method: "POST", headers, body });
      return r.body.text();
    });
    await raw.close();
  } finally {
    // Every pool of the process (Prisma's, the pre-check's) before the database goes.
    const { disconnectDb } = await import("@/lib/db/client");
    await disconnectDb().catch(() => undefined);
    await database.drop();
    endpoint.stop();
  }
}

runScript(main);
