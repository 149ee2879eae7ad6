// The receiver helper: signatures compared in constant time, lengths must match, 401 on mismatch;
// and the envelope the sender builds, sequence included; the Standard Webhooks signature beside it.
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { verifyAuthorizationRequest } from "@/lib/client/authorization-decisions";
import { buildEnvelope, signedRequest } from "@/lib/webhooks/envelope";
import {
  signPayload,
  signStandard,
  standardSigningKey,
  verifySignature,
  verifyStandardSignature,
  verifyWebhookRequest,
} from "@/lib/webhooks/verify";

const secret = "whsec_test_secret";
const body = JSON.stringify({
  id: "evt_1",
  event: "card.issued",
  schema_version: "1.1",
  sent_at: "2026-11-21T10:00:00.000Z",
  sequence: 2,
  data: { id: "card_1" },
});
const hmac = (text: string) => createHmac("sha256", secret).update(text).digest("hex");

function request(rawBody: string, signature: string | null) {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature !== null) headers.set("x-service-signature", signature);
  return new Request("http://localhost/hooks", { method: "POST", body: rawBody, headers });
}

describe("verifySignature", () => {
  it("accepts the lowercase hex HMAC-SHA256 of the exact bytes, as string or bytes", () => {
    expect(signPayload(body, secret)).toBe(hmac(body));
    expect(verifySignature(body, hmac(body), secret)).toBe(true);
    expect(verifySignature(new TextEncoder().encode(body), hmac(body), secret)).toBe(true);
  });

  it("refuses a changed body, another secret, a missing header and a different length", () => {
    expect(verifySignature(`${body} `, hmac(body), secret)).toBe(false);
    expect(verifySignature(body, createHmac("sha256", "other").update(body).digest("hex"), secret)).toBe(false);
    expect(verifySignature(body, null, secret)).toBe(false);
    expect(verifySignature(body, hmac(body).slice(0, 63), secret)).toBe(false);
    expect(verifySignature(body, `${hmac(body)}00`, secret)).toBe(false);
  });
});

describe("the request helpers' secrets", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
  const helpers = [
    ["verifyWebhookRequest", (req: Request, secrets?: string | string[]) => verifyWebhookRequest(req, secrets)],
    [
      "verifyAuthorizationRequest",
      (req: Request, secrets?: string | string[]) => verifyAuthorizationRequest(req, secrets),
    ],
  ] as const;

  it.each(helpers)("%s reads WEBHOOK_SECRETS (comma-separated) when given none", async (name, verify) => {
    const decision = JSON.stringify({
      id: "evt_2",
      event: "card.authorization.request",
      schema_version: "1.1",
      sent_at: "2026-11-21T10:00:00.000Z",
      sequence: 1,
      data: { authorizationId: "auth_1", amount: 5 },
    });
    vi.stubEnv("WEBHOOK_SECRETS", `whsec_pending , ${secret}`);
    const sent = name === "verifyWebhookRequest" ? body : decision;
    expect(await verify(request(sent, hmac(sent)))).not.toBeInstanceOf(Response);
  });

  it.each(helpers)(
    "%s answers 401 naming the empty variable when WEBHOOK_SECRETS is unset or blank",
    async (name, verify) => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
      for (const value of [undefined, "", " , "]) {
        vi.stubEnv("WEBHOOK_SECRETS", value);
        const answer = await verify(request(body, hmac(body)));
        expect(answer).toBeInstanceOf(Response);
        const refused = answer as Response;
        expect(refused.status).toBe(401);
        expect((await refused.json()).error).toMatch(/^no webhook secret: WEBHOOK_SECRETS is empty or unset/);
      }
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(new RegExp(`^${name}: no webhook secret: WEBHOOK_SECRETS`)),
      );
    },
  );

  it.each(helpers)("%s answers 401 saying the secrets given were empty", async (_, verify) => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.stubEnv("WEBHOOK_SECRETS", secret);
    for (const empty of ["", [], [""]]) {
      const refused = (await verify(request(body, hmac(body)), empty)) as Response;
      expect(refused.status).toBe(401);
      expect((await refused.json()).error).toMatch(/^no webhook secret: the secrets given to \w+ are empty/);
    }
  });
});

describe("verifyWebhookRequest", () => {
  it("returns the envelope of a correctly signed request", async () => {
    const result = await verifyWebhookRequest(request(body, hmac(body)), secret);
    expect(result).not.toBeInstanceOf(Response);
    expect(result).toMatchObject({ id: "evt_1", event: "card.issued", sequence: 2, data: { id: "card_1" } });
  });

  it("answers 400 to a signed body whose sequence is missing or not a whole number from 1", async () => {
    const envelope: Record<string, unknown> = JSON.parse(body);
    for (const sequence of [undefined, 0, -1, 1.5, "2", null]) {
      const changed = JSON.stringify({ ...envelope, sequence });
      const result = await verifyWebhookRequest(request(changed, hmac(changed)), secret);
      expect(result, String(sequence)).toBeInstanceOf(Response);
      if (result instanceof Response) expect(result.status).toBe(400);
    }
  });

  it("answers 401 on a mismatch or a missing signature", async () => {
    for (const signature of [hmac("{}"), null, "zz"]) {
      const result = await verifyWebhookRequest(request(body, signature), secret);
      expect(result).toBeInstanceOf(Response);
      if (result instanceof Response) expect(result.status).toBe(401);
    }
  });
});

describe("signedRequest", () => {
  it("signs exactly the body it returns and carries the spec's headers", () => {
    const envelope = buildEnvelope(
      { id: "evt_9", type: "wallet.provisioned", data: { id: "wal_1" }, sequence: 1 },
      new Date("2026-11-21T10:00:00.000Z"),
    );
    const { body: sent, headers } = signedRequest(envelope, "whd_1", { current: secret });
    expect(JSON.parse(sent)).toEqual({
      id: "evt_9",
      event: "wallet.provisioned",
      schema_version: "1.1",
      sent_at: "2026-11-21T10:00:00.000Z",
      sequence: 1,
      data: { id: "wal_1" },
    });
    // Beside data at the top level, where the spec's envelope fields are, never inside the record.
    expect(Object.keys(JSON.parse(sent))).toEqual(["id", "event", "schema_version", "sent_at", "sequence", "data"]);
    expect(headers).toMatchObject({
      "content-type": "application/json",
      "x-service-signature": hmac(sent),
      "x-service-schema-version": "1.1",
      "x-service-event-id": "evt_9",
      "x-service-delivery-id": "whd_1",
    });
    expect(JSON.stringify(headers)).not.toContain(secret);
  });
});

describe("the Standard Webhooks signature", () => {
  const shown = "whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL";
  const pending = "whsec_7bQ2mN9xK4vL1pR8sT3wY6zA0cE5fH2jU9kM4nP6";
  const at = new Date("2026-11-21T10:00:00.000Z");
  const seconds = at.getTime() / 1000;

  function standardRequest(rawBody: string, signature: string, timestamp = String(seconds)) {
    return new Request("http://localhost/hooks", {
      method: "POST",
      body: rawBody,
      headers: { "webhook-id": "evt_1", "webhook-timestamp": timestamp, "webhook-signature": signature },
    });
  }

  it("is keyed by the secret's base64 body, as the standard's library derives it from the secret as shown", () => {
    expect(standardSigningKey(shown)).toEqual(Buffer.from(shown.slice("whsec_".length), "base64"));
    expect(standardSigningKey(shown)).toHaveLength(30);
    expect(signStandard("evt_1", seconds, body, shown)).toBe(new Webhook(shown).sign("evt_1", at, body));
  });

  it("carries one signature per secret during a roll, the current first", () => {
    const envelope = buildEnvelope({ id: "evt_9", type: "wallet.provisioned", data: { id: "wal_1" }, sequence: 1 }, at);
    const { body: sent, headers } = signedRequest(envelope, "whd_1", { current: shown, pending });
    expect(headers["webhook-id"]).toBe("evt_9");
    expect(headers["webhook-timestamp"]).toBe(String(seconds));
    expect(headers["webhook-signature"]).toBe(
      `${signStandard("evt_9", seconds, sent, shown)} ${signStandard("evt_9", seconds, sent, pending)}`,
    );
    expect(JSON.stringify(headers)).not.toContain(pending);
  });

  it("passes a fresh request in verifyWebhookRequest, and refuses a stale, future, tampered or foreign one with 401", async () => {
    const good = signStandard("evt_1", seconds, body, shown);
    const ok = await verifyWebhookRequest(standardRequest(body, good), [pending, shown], { now: at });
    expect(ok).not.toBeInstanceOf(Response);
    const cases: [Request, Date, string][] = [
      [standardRequest(body, good), new Date(at.getTime() + 6 * 60_000), "too old"],
      [standardRequest(body, good), new Date(at.getTime() - 6 * 60_000), "in the future"],
      [standardRequest(body.replace("card_1", "card_2"), good), at, "no webhook-signature matches"],
      [standardRequest(body, signStandard("evt_1", seconds, body, pending)), at, "no webhook-signature matches"],
      [standardRequest(body, good, "yesterday"), at, "not unix seconds"],
    ];
    for (const [req, now, reason] of cases) {
      const result = await verifyWebhookRequest(req, shown, { now });
      expect(result).toBeInstanceOf(Response);
      if (result instanceof Response) {
        expect(result.status).toBe(401);
        expect(await result.text()).toContain(reason);
      }
    }
    // Only ours: accepted by default, refused when the caller insists on the timestamped scheme.
    expect(await verifyWebhookRequest(request(body, signPayload(body, shown)), shown)).not.toBeInstanceOf(Response);
    const insisted = await verifyWebhookRequest(request(body, signPayload(body, shown)), shown, {
      requireStandard: true,
    });
    expect(insisted).toBeInstanceOf(Response);
  });

  it("verifyStandardSignature names what is missing", () => {
    expect(verifyStandardSignature(body, { id: null, timestamp: "1", signature: "v1,x" }, shown)).toEqual({
      ok: false,
      reason: "missing webhook-id, webhook-timestamp or webhook-signature",
    });
  });
});

describe("the Standard Webhooks key of a secret that is not canonical base64", () => {
  it("is its UTF-8 bytes, so a secret with a character added is a different key", () => {
    const shown = "whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL";
    expect(standardSigningKey(`${shown}x`)).toEqual(Buffer.from(`${shown}x`, "utf8"));
    expect(signStandard("evt_1", 1, "{}", `${shown}x`)).not.toBe(signStandard("evt_1", 1, "{}", shown));
    expect(standardSigningKey("whsec_test_secret")).toEqual(Buffer.from("whsec_test_secret", "utf8"));
  });
});
