// The public verify pages count each check against the same per-address budget as the keyless
// verification API (lib/http/rate-limit.ts spendAddressBudget, app/verify/verify-budget.tsx): checks
// made on a page use up the API's budget and the other way round, and the page hears "limited"
// rather than checking on.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as verifyStatementToken } from "@/app/api/public/verify/statement-token/route";
import { config } from "@/lib/config";
import { spendAddressBudget } from "@/lib/http/rate-limit";
import { callRoute } from "../helpers/call-route";

const address = () => `198.51.100.${randomBytes(4).readUInt32BE(0) % 250}-${randomBytes(4).toString("hex")}`;

function callApi(from: string) {
  return callRoute(verifyStatementToken, {
    path: "/api/public/verify/statement-token?token=vst_nothing",
    address: from,
  });
}

describe("verify pages and the verification API share one per-address limit", () => {
  it("a page refuses once the API has spent the address's budget", async () => {
    const limit = config().API_RATE_LIMIT_PER_MINUTE;
    const from = address();
    for (let i = 0; i < limit; i++) expect((await callApi(from)).status).not.toBe(429);
    expect((await callApi(from)).status).toBe(429);
    const page = await spendAddressBudget(from);
    expect(page.state).toBe("limited");
    if (page.state === "limited") expect(page.retryAfterSeconds).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await spendAddressBudget(address())).state).toBe("ok");
  });

  it("the API answers 429 once the pages have spent it", async () => {
    const limit = config().API_RATE_LIMIT_PER_MINUTE;
    const from = address();
    for (let i = 0; i < limit; i++) expect((await spendAddressBudget(from)).state).toBe("ok");
    expect((await spendAddressBudget(from)).state).toBe("limited");
    const api = await callApi(from);
    expect(api.status).toBe(429);
    expect(api.json.error.code).toBe("rate_limited");
  });
});
