// The console's side of issue 38 for an endpoint: its description, metadata rows and throttle held
// to the API's limits (the API reads back what the console wrote), and a recovery started and
// canceled by a member through the domain's own functions, audited and named as the member.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import { endpointDetail } from "@/lib/console/endpoint-detail";
import { cancelEndpointRecovery, startEndpointRecovery } from "@/lib/console/endpoint-recovery";
import { readEndpointSettings, type EndpointSettingsInput } from "@/lib/console/endpoint-settings";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { signUp } from "@/lib/console/sign-up";
import { updateEndpoint } from "@/lib/console/update-endpoint";
import { api } from "../helpers/card-money";
import { createKey, uniqueUserId } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

async function merchant() {
  const email = `settings-${randomBytes(5).toString("hex")}@example.test`;
  const user = await signUp(prisma(), { email, password: "a long enough password" });
  const context = { merchantId: user.id, ipAddress: "198.51.100.21" };
  const app = await createConsoleApplication(prisma(), context, { name: "Endpoint settings" });
  const { secret: key } = await createKey(app.id);
  return { context, email, appId: app.id, key };
}

const URL_ = "http://localhost:4000/hooks";

describe("an endpoint's description, metadata and throttle in the console", () => {
  it("registers them as the API reads them back", async () => {
    const { context, appId, key } = await merchant();
    const { id } = await registerEndpoint(prisma(), context, appId, {
      url: URL_,
      events: [],
      enabled: true,
      description: "  Orders, staging  ",
      // The form's blank row is no row.
      metadata: [
        { key: "team", value: "payments" },
        { key: " region ", value: "eu" },
        { key: "", value: "" },
      ],
      maxPerSecond: "20",
    });
    const read = await testClient(key).GET("/api/public/sdk/v1/webhooks/endpoints/{id}", { params: { path: { id } } });
    expect(read.data).toMatchObject({
      id,
      description: "Orders, staging",
      metadata: { team: "payments", region: "eu" },
      maxPerSecond: 20,
    });
    const [line] = await prisma().auditLog.findMany({
      where: { applicationId: appId, action: "webhook_endpoint.created" },
    });
    expect(line?.detail).toMatchObject({ endpointId: id, maxPerSecond: 20 });
    const detail = await endpointDetail(prisma(), context.merchantId, appId, id);
    expect(detail.metadata).toEqual({ team: "payments", region: "eu" });
  });

  it("refuses what the API refuses, next to the field, and registers nothing", async () => {
    const { context, appId } = await merchant();
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ key: `k${i}`, value: "v" }));
    const cases: [EndpointSettingsInput, string, RegExp][] = [
      [{ maxPerSecond: "0" }, "maxPerSecond", /from 1 to 1000/],
      [{ maxPerSecond: "1001" }, "maxPerSecond", /from 1 to 1000/],
      [{ maxPerSecond: "2.5" }, "maxPerSecond", /whole number/],
      [{ maxPerSecond: "ten" }, "maxPerSecond", /whole number/],
      [{ description: "x".repeat(501) }, "description", /500 characters/],
      [{ metadata: [{ key: "", value: "orphan" }] }, "metadata", /key/],
      [
        {
          metadata: [
            { key: "a", value: "1" },
            { key: "a", value: "2" },
          ],
        },
        "metadata",
        /twice/,
      ],
      [{ metadata: [{ key: "k".repeat(41), value: "1" }] }, "metadata", /40 characters/],
      [{ metadata: [{ key: "k", value: "v".repeat(501) }] }, "metadata", /500 characters/],
      [{ metadata: tooMany }, "metadata", /at most 20/],
      [{ description: "Orders\u0000" }, "description", /NUL/],
      [{ metadata: [{ key: "team", value: "pay\u0000ments" }] }, "metadata", /NUL/],
    ];
    for (const [settings, field, message] of cases) {
      const attempt = registerEndpoint(prisma(), context, appId, { url: URL_, events: [], enabled: true, ...settings });
      await expect(attempt, JSON.stringify(settings).slice(0, 80)).rejects.toMatchObject({
        code: "field",
        field,
        message: expect.stringMatching(message),
      });
    }
    expect(await prisma().webhookEndpoint.count({ where: { applicationId: appId } })).toBe(0);
  });

  it("takes exactly the whole numbers 1 to 1000 as a throttle, and an empty one as no limit", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer({ min: -5000, max: 5000 }).map(String)), (text) => {
        let taken: number | null | undefined;
        try {
          taken = readEndpointSettings({ maxPerSecond: text }).maxPerSecond;
        } catch (error) {
          expect(error).toMatchObject({ code: "field", field: "maxPerSecond" });
          taken = undefined;
        }
        const trimmed = text.trim();
        if (trimmed === "") expect(taken).toBeNull();
        else if (/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= 1000)
          expect(taken).toBe(Number(trimmed));
        else expect(taken).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it("edits them: blanks remove the description and the throttle, metadata is replaced whole, audited before and after", async () => {
    const { context, appId, key } = await merchant();
    const { id } = await registerEndpoint(prisma(), context, appId, {
      url: URL_,
      events: [],
      enabled: true,
      description: "First",
      metadata: [{ key: "a", value: "1" }],
      maxPerSecond: "5",
    });
    await transaction((tx) =>
      updateEndpoint(tx, context, appId, id, {
        url: URL_,
        events: ["card.issued"],
        description: "",
        metadata: [{ key: "b", value: "2" }],
        maxPerSecond: "",
      }),
    );
    const read = await testClient(key).GET("/api/public/sdk/v1/webhooks/endpoints/{id}", { params: { path: { id } } });
    expect(read.data).toMatchObject({
      events: ["card.issued"],
      description: null,
      metadata: { b: "2" },
      maxPerSecond: null,
    });
    const [line] = await prisma().auditLog.findMany({
      where: { applicationId: appId, action: "webhook_endpoint.updated" },
    });
    expect(line?.merchantId).toBe(context.merchantId);
    expect(line?.detail).toMatchObject({
      before: { description: "First", metadata: { a: "1" }, maxPerSecond: 5 },
      after: { description: null, metadata: { b: "2" }, maxPerSecond: null },
    });
    // A refused edit changes nothing.
    await expect(
      transaction((tx) => updateEndpoint(tx, context, appId, id, { url: URL_, events: [], maxPerSecond: "0" })),
    ).rejects.toMatchObject({ field: "maxPerSecond" });
    expect(await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({
      events: ["card.issued"],
      maxPerSecond: null,
    });
  });
});

describe("a recovery from the console", () => {
  it("is started and canceled by the member through the domain's functions, audited under their name", async () => {
    const { context, email, appId, key } = await merchant();
    // Nothing listens on the discard port: the recovery waits on its first delivery until canceled.
    const { id } = await registerEndpoint(prisma(), context, appId, {
      url: "http://127.0.0.1:9/hooks",
      events: [],
      enabled: true,
    });
    for (let i = 0; i < 2; i += 1)
      expect(
        (await api.createWallet(key, { externalUserId: uniqueUserId(), currency: "USD", email: "ada@example.com" }))
          .response.status,
      ).toBe(201);

    const start = (input: { since?: string; all: boolean }, as = context, app = appId) =>
      transaction((tx) => startEndpointRecovery(tx, as, app, id, input));
    // "Since" chosen with no time, and a time before the retention window, are said next to the field.
    await expect(start({ since: "", all: false })).rejects.toMatchObject({ code: "field", field: "since" });
    const tooEarly = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await expect(start({ since: tooEarly, all: false })).rejects.toMatchObject({
      code: "field",
      field: "since",
      message: expect.stringContaining("retention window"),
    });
    // Another merchant's endpoint does not exist for them.
    const other = await merchant();
    await expect(start({ all: true }, other.context, appId)).rejects.toMatchObject({ code: "not_found" });
    await expect(start({ all: true }, other.context, other.appId)).rejects.toMatchObject({ code: "not_found" });
    expect(await prisma().webhookRecovery.count({ where: { endpointId: id } })).toBe(0);

    const started = await start({ all: true });
    expect(started).toMatchObject({ status: "running", total: 2, left: 2, all: true });
    await expect(start({ all: false })).rejects.toMatchObject({
      code: "refused",
      message: expect.stringContaining("still running"),
    });
    expect(await prisma().webhookRecovery.findUniqueOrThrow({ where: { id: started.id } })).toMatchObject({
      createdBy: context.merchantId,
    });
    const [startLine] = await prisma().auditLog.findMany({
      where: { applicationId: appId, action: "webhook_recovery.started" },
    });
    expect(startLine).toMatchObject({ merchantId: context.merchantId, ipAddress: context.ipAddress });
    expect(startLine?.detail).toMatchObject({ endpointId: id, recoveryId: started.id, total: 2, all: true });
    expect(startLine?.detail).not.toHaveProperty("via");
    const page = await endpointDetail(prisma(), context.merchantId, appId, id);
    expect(page.recoveries.map((r) => [r.id, r.status])).toEqual([[started.id, "running"]]);

    await expect(
      transaction((tx) => cancelEndpointRecovery(tx, context, appId, id, "whrc_doesnotexist")),
    ).rejects.toMatchObject({ code: "not_found" });
    const canceled = await transaction((tx) => cancelEndpointRecovery(tx, context, appId, id, started.id));
    expect(canceled).toMatchObject({ status: "canceled", cancelReason: `Canceled by ${email}` });
    const [cancelLine] = await prisma().auditLog.findMany({
      where: { applicationId: appId, action: "webhook_recovery.canceled" },
    });
    expect(cancelLine).toMatchObject({ merchantId: context.merchantId });
    expect(cancelLine?.detail).toMatchObject({ endpointId: id, recoveryId: started.id });
    // Its deliveries are the retry schedule's again.
    expect(await prisma().webhookDelivery.count({ where: { endpointId: id, recoveryId: { not: null } } })).toBe(0);
    // Nothing left for the run's other workers to try.
    await prisma().webhookEndpoint.update({ where: { id }, data: { enabled: false } });
  });
});
