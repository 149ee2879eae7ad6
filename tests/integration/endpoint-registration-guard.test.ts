// Registration applies the rule sending applies: in test mode an endpoint may be public or on
// localhost and nothing else (no link-local metadata address, no private network), in live mode
// public https only; whatever registration refuses, a send refuses too. Through the webhooks
// domain (what the CLI's `webhooks add` calls) and the console's registration.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {} from "@/lib/console/errors";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { setMode } from "@/lib/console/set-mode";
import { prisma } from "@/lib/db/client";
import { addWebhookEndpoint, EndpointError } from "@/lib/webhooks/endpoints";
import { sendWebhookRequest } from "@/lib/webhooks/send-request";
import { setupApp } from "../helpers/fixtures";

const hex2 = (a: number, b: number) => ((a << 8) | b).toString(16);
const octet = fc.integer({ min: 0, max: 255 });
const hextet = fc.integer({ min: 0, max: 0xffff }).map((h) => h.toString(16));

// A sample from each range registration must refuse in both modes.
const refusedV4 = fc.oneof(
  fc.tuple(octet, octet).map(([c, d]) => `169.254.${c}.${d}`),
  fc.tuple(octet, octet, octet).map(([b, c, d]) => `10.${b}.${c}.${d}`),
  fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([b, c, d]) => `172.${b}.${c}.${d}`),
  fc.tuple(octet, octet).map(([c, d]) => `192.168.${c}.${d}`),
  fc.tuple(fc.integer({ min: 64, max: 127 }), octet, octet).map(([b, c, d]) => `100.${b}.${c}.${d}`),
  fc.tuple(fc.integer({ min: 224, max: 255 }), octet, octet, octet).map((parts) => parts.join(".")),
  fc.tuple(octet, octet, octet).map(([b, c, d]) => `0.${b}.${c}.${d}`),
);
const refusedV6 = fc.oneof(
  fc.array(hextet, { minLength: 3, maxLength: 3 }).map((rest) => `fe80::${rest.join(":")}`),
  fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), hextet).map(([first, last]) => `${first.toString(16)}::${last}`),
  fc.tuple(fc.integer({ min: 0xff00, max: 0xffff }), hextet).map(([first, last]) => `${first.toString(16)}::${last}`),
  refusedV4.map((v4) => `::ffff:${v4}`),
  refusedV4.map((v4) => {
    const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
    return `64:ff9b::${hex2(a, b)}:${hex2(c, d)}`;
  }),
);
const refusedUrl = fc
  .tuple(
    fc.oneof(
      refusedV4,
      refusedV6.map((v6) => `[${v6}]`),
    ),
    fc.constantFrom("http", "https"),
  )
  .map(([host, scheme]) => `${scheme}://${host}/hooks`);

async function endpointCount(applicationId: string): Promise<number> {
  return prisma().webhookEndpoint.count({ where: { applicationId } });
}

describe("webhook endpoint registration", () => {
  it("refuses https://169.254.169.254 (cloud metadata) in test mode, as sending does", async () => {
    const { appId } = await setupApp();
    for (const url of [
      "https://169.254.169.254",
      "http://169.254.169.254/latest/meta-data/",
      "https://[fd00:ec2::254]/",
    ]) {
      const registering = addWebhookEndpoint(prisma(), { applicationId: appId, url, livemode: false });
      await expect(registering, url).rejects.toThrow(EndpointError);
      await expect(registering, url).rejects.toThrow(/link-local|private/);
    }
    expect(await endpointCount(appId)).toBe(0);
  });

  it("refuses link-local, private, CGNAT, multicast, reserved and IPv6 equivalents in either mode, and a send refuses them too", async () => {
    const { appId } = await setupApp();
    await fc.assert(
      fc.asyncProperty(refusedUrl, fc.boolean(), async (url, livemode) => {
        const registering = addWebhookEndpoint(prisma(), { applicationId: appId, url, livemode });
        await expect(registering, url).rejects.toThrow(EndpointError);
        const sent = await sendWebhookRequest({ url, body: "{}", headers: {}, livemode, timeoutMs: 2_000 });
        expect(sent.statusCode, url).toBeNull();
        expect(sent.error, url).toMatch(/endpoints reach only|Live-mode webhook URLs must use https/);
      }),
      { numRuns: 60 },
    );
    expect(await endpointCount(appId)).toBe(0);
  });

  it("lets test mode register localhost and loopback, and public addresses; live mode public https only", async () => {
    const { appId } = await setupApp();
    for (const url of [
      "http://localhost:4000/api/webhooks",
      "http://127.0.0.1:9/a",
      "http://[::1]:9/b",
      "https://8.8.8.8/c",
    ]) {
      const endpoint = await addWebhookEndpoint(prisma(), { applicationId: appId, url, livemode: false });
      expect(endpoint.livemode).toBe(false);
    }
    const live = await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: "https://8.8.8.8/live",
      livemode: true,
    });
    expect(live.url).toBe("https://8.8.8.8/live");
    for (const url of [
      "https://localhost/hooks",
      "https://127.0.0.1/hooks",
      "https://[::1]/hooks",
      "http://8.8.8.8/",
    ]) {
      await expect(addWebhookEndpoint(prisma(), { applicationId: appId, url, livemode: true }), url).rejects.toThrow(
        EndpointError,
      );
    }
    expect(await endpointCount(appId)).toBe(5);
  });

  it("refuses the same addresses in the console, next to the URL field, in either console mode", async () => {
    const { appId, merchant } = await setupApp();
    // Live endpoints need a confirmed address; confirmed, the URL is what is refused.
    await prisma().merchantUser.update({ where: { id: merchant.id }, data: { emailVerifiedAt: new Date() } });
    const context = { merchantId: merchant.id, ipAddress: "127.0.0.1" };
    for (const mode of ["test", "live"] as const) {
      await setMode(prisma(), context, appId, mode);
      for (const url of ["https://169.254.169.254", "https://10.0.0.5/hooks", "https://[::ffff:192.168.1.1]/"]) {
        const registering = registerEndpoint(prisma(), context, appId, { url, events: [], enabled: true });
        await expect(registering, `${mode} ${url}`).rejects.toMatchObject({ code: "field" });
        await expect(registering, `${mode} ${url}`).rejects.toMatchObject({ field: "url" });
      }
    }
    await setMode(prisma(), context, appId, "test");
    await registerEndpoint(prisma(), context, appId, { url: "http://localhost:4000/hooks", events: [], enabled: true });
    expect(await endpointCount(appId)).toBe(1);
  });
});
