// The receiver helper: signatures compared in constant time, lengths must match, 401 on mismatch;
// and the envelope the sender builds, sequence included.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildEnvelope, signedRequest } from "@/lib/webhooks/envelope";
import { signPayload, verifySignature, verifyWebhookRequest } from "@/lib/webhooks/verify";

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
