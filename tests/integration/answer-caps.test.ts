// What is kept and shown of a receiver's answer: its status and at most 256 bytes of text, cut at a
// character's edge, in the stored attempt, in GET /webhooks/deliveries and in the console's attempt
// view, for attempts stored under the earlier 2 KiB cap too (issue 35, docs/decisions/loopback-endpoints.md).
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import { deliveryDetail } from "@/lib/console/delivery-detail";
import { endpointDetail } from "@/lib/console/endpoint-detail";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { sendTestEvent } from "@/lib/console/send-test-event";
import { signUp } from "@/lib/console/sign-up";
import { prisma } from "@/lib/db/client";
import { deliver } from "@/lib/webhooks/deliver";
import { RESPONSE_EXCERPT_BYTES } from "@/lib/webhooks/response-excerpt";
import { createKey } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

// 2 KiB of three-byte characters: a cut at 256 bytes falls inside one (256 = 3 * 85 + 1).
const LONG_ANSWER = "€".repeat(700);
const bytes = (text: string | null | undefined) => Buffer.byteLength(text ?? "", "utf8");

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function failedAttempt() {
  const user = await signUp(prisma(), {
    email: `caps-${randomBytes(5).toString("hex")}@example.test`,
    password: "a long enough password",
  });
  const context = { merchantId: user.id, ipAddress: "198.51.100.30" };
  const { id: appId } = await createConsoleApplication(prisma(), context, { name: "Caps" });
  const { secret: key } = await createKey(appId);
  receiver = await startReceiver(() => ({ status: 500, body: LONG_ANSWER }));
  const { id: endpointId } = await registerEndpoint(prisma(), context, appId, {
    url: `${receiver.url}/hooks`,
    events: [],
    enabled: true,
  });
  const { deliveryId } = await sendTestEvent(context, appId, endpointId, "wallet.provisioned");
  if (!deliveryId) throw new Error("no delivery queued");
  expect((await deliver(deliveryId, "replay")).kind).toBe("sent");
  const attempt = await prisma().webhookAttempt.findFirstOrThrow({ where: { deliveryId } });
  return { context, appId, key, endpointId, deliveryId, attempt };
}

/** The excerpt as the API's list, the console's delivery view and the endpoint's failures show it. */
async function shown(setup: Awaited<ReturnType<typeof failedAttempt>>) {
  const { context, appId, key, endpointId, deliveryId } = setup;
  const list = await testClient(key).GET("/api/public/sdk/v1/webhooks/deliveries");
  expect(list.response.status).toBe(200);
  const detail = await deliveryDetail(prisma(), context.merchantId, appId, deliveryId);
  const page = await endpointDetail(prisma(), context.merchantId, appId, endpointId);
  return [
    list.data?.data.find((d) => d.id === deliveryId)?.lastAttempt?.responseExcerpt,
    detail.attempts[0]?.responseExcerpt,
    page.failures[0]?.responseExcerpt,
  ];
}

describe("answer excerpts", () => {
  it("keeps the status and at most 256 bytes of a long answer, never half a character", async () => {
    expect(RESPONSE_EXCERPT_BYTES).toBe(256);
    const setup = await failedAttempt();
    expect(setup.attempt.statusCode).toBe(500);
    expect(setup.attempt.responseExcerpt).toBe("€".repeat(85));
    for (const excerpt of await shown(setup)) expect(excerpt).toBe("€".repeat(85));
  });

  it("shows an attempt stored under the earlier 2 KiB cap cut to 256 bytes", async () => {
    const setup = await failedAttempt();
    const stored = "x".repeat(2_048);
    await prisma().webhookAttempt.update({ where: { id: setup.attempt.id }, data: { responseExcerpt: stored } });
    for (const excerpt of await shown(setup)) {
      expect(bytes(excerpt)).toBe(256);
      expect(excerpt).toBe("x".repeat(256));
    }
  });
});
