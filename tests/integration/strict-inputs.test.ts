// Every request object is strict: an unknown key, in a body's nested address as anywhere, is a 400
// naming it, with or without an Idempotency-Key and whatever its depth, and no wallet is made.
import { describe, expect, it } from "vitest";
import { POST as createWallet } from "@/app/api/public/sdk/v1/wallets/route";
import { GET as verifyProof } from "@/app/api/public/verify/proof/route";
import { GET as verifyStatementToken } from "@/app/api/public/verify/statement-token/route";
import { prisma } from "@/lib/db/client";
import { callRoute } from "../helpers/call-route";
import { setupApp, uniqueUserId } from "../helpers/fixtures";

const DEEP = '{"a":['.repeat(2_000) + "1" + "]}".repeat(2_000);

describe("strict request objects", () => {
  it.each([
    ["without", undefined],
    ["with", "strict-address-key"],
  ])(
    "refuses an unknown key (4,000 deep) inside address %s an Idempotency-Key, and makes no wallet",
    async (_label, idempotencyKey) => {
      const { key } = await setupApp();
      const externalUserId = uniqueUserId("strict");
      const rawBody =
        `{"externalUserId":"${externalUserId}","currency":"USD","email":"ada@example.com",` +
        `"address":{"line1":"1 Main St","city":"Springfield","country":"US","extra":${DEEP}}}`;
      const result = await callRoute(createWallet, {
        method: "POST",
        path: "/api/public/sdk/v1/wallets",
        key,
        rawBody,
        headers: {
          "content-type": "application/json",
          ...(idempotencyKey ? { "idempotency-key": `${idempotencyKey}-${externalUserId}` } : {}),
        },
      });
      expect(result.status).toBe(400);
      expect(result.json.error.code).toBe("validation_failed");
      expect(result.json.error.param).toBe("address");
      expect(await prisma().wallet.count({ where: { externalUserId } })).toBe(0);
    },
  );

  it("refuses unknown query parameters on the public verification routes", async () => {
    const proof = await callRoute(verifyProof, {
      path: "/api/public/verify/proof?account=4829103748&kind=funds&debug=1",
    });
    expect(proof.status).toBe(400);
    expect(proof.json.error.code).toBe("validation_failed");
    const token = await callRoute(verifyStatementToken, {
      path: "/api/public/verify/statement-token?token=abc&extra=1",
    });
    expect(token.status).toBe(400);
    expect(token.json.error.code).toBe("validation_failed");
  });
});
