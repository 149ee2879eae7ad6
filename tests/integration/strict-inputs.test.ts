// Every request object is strict, queries included: an unknown parameter on the public
// verification routes is a 400 (an unknown body key, at any depth: tests/integration/http-edges).
import { describe, expect, it } from "vitest";
import { GET as verifyProof } from "@/app/api/public/verify/proof/route";
import { GET as verifyStatementToken } from "@/app/api/public/verify/statement-token/route";
import { callRoute } from "../helpers/call-route";

describe("strict request objects", () => {
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
