// The console home's card counts what its mode badge says: an application's keys, endpoints and
// wallets are counted per mode, never test and live together.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { listApplications } from "@/lib/console/list-applications";
import { randomBase62 } from "@/lib/ids";
import { createKey, createMerchantApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

describe("the console home's counts", () => {
  it("counts each mode's active keys, endpoints and wallets apart", async () => {
    const app = await createMerchantApp("Counts");
    const appId = app.application.id;
    const test = (await createKey(appId)).secret;
    const live = (await createKey(appId, { mode: "live" })).secret;
    const revoked = (await createKey(appId, { mode: "live" })).record.id;
    await prisma().apiKey.update({ where: { id: revoked }, data: { revokedAt: new Date() } });
    for (const [key, count] of [
      [test, 2],
      [live, 5],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const made = await testClient(key).POST("/api/public/sdk/v1/wallets", {
          body: { externalUserId: `count_${randomBase62(8)}`, currency: "USD", email: "ada@example.com" },
        });
        expect(made.response.status).toBe(201);
      }
    }
    for (const livemode of [false, true, true]) {
      await prisma().webhookEndpoint.create({
        data: { id: `we_${randomBase62(16)}`, applicationId: appId, livemode, url: "https://example.com/h", events: [] },
      });
    }

    const [listed] = await listApplications(prisma(), app.merchant.id);
    expect(listed?.counts).toEqual({
      test: { activeKeys: 1, endpoints: 1, wallets: 2 },
      live: { activeKeys: 1, endpoints: 2, wallets: 5 },
    });
  });
});
