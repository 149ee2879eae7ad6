// Domain code throws DomainError and returns typed outcomes; lib/http alone turns them into
// statuses, headers and the one envelope.
import { describe, expect, it } from "vitest";
import type { SpendDeclined } from "@/lib/authorizations/spend-card";
import { asConsoleErrors } from "@/lib/console/webhook-errors";
import {} from "@/lib/console/errors";
import { DomainError, ERROR_CODE_MEANINGS, ERROR_CODES } from "@/lib/errors";
import { errorResponse } from "@/lib/http/error-response";
import { ApiError, errorStatus } from "@/lib/http/errors";
import { renderResult } from "@/lib/http/handler-result";
import { spendResult } from "@/lib/http/spend-outcome";
import { AUTHORIZATION_DECLINED_EXAMPLE } from "@/lib/schemas/authorization";

describe("domain errors", () => {
  it("gives every code a meaning and a status", () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_CODE_MEANINGS[code].length).toBeGreaterThan(0);
      expect(errorStatus(code)).toBeGreaterThanOrEqual(400);
    }
  });

  it("answers a thrown DomainError with its code's status and the envelope", async () => {
    const error = new DomainError("wallet_exists", "A wallet exists.", { param: "externalUserId" });
    const response = errorResponse(error, "req_1", new Headers());
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        type: "conflict_error",
        code: "wallet_exists",
        message: "A wallet exists.",
        param: "externalUserId",
        request_id: "req_1",
      },
    });
  });

  it("sends a domain retry delay as Retry-After in whole seconds", () => {
    const response = errorResponse(
      new DomainError("replay_limited", "Too many replays.", { retryAfterSeconds: 42 }),
      "req_2",
      new Headers(),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("42");
  });

  it("answers anything that is not a DomainError as a 500 without its details", async () => {
    const response = errorResponse(new Error("secret detail"), "req_3", new Headers());
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain("secret detail");
  });

  it("keeps ApiError a DomainError, so lib/http refusals and domain refusals render alike", () => {
    expect(new ApiError("rate_limited", "Slow down.", { retryAfterSeconds: 3 })).toBeInstanceOf(DomainError);
    expect(ApiError.from(new DomainError("card_not_found", "No card.")).status).toBe(404);
  });

  it("answers a declined spend with 402 and the declined authorization under error.authorization", () => {
    const declined: SpendDeclined = {
      approved: false,
      decline: "insufficient_funds",
      message: "The wallet's available balance is too low.",
      authorization: { ...AUTHORIZATION_DECLINED_EXAMPLE, declineCode: "insufficient_funds" },
    };
    const rendered = renderResult(spendResult(declined), "req_4", true);
    expect(rendered.status).toBe(402);
    expect(JSON.parse(rendered.text)).toEqual({
      error: {
        type: "card_error",
        code: "insufficient_funds",
        message: "The wallet's available balance is too low.",
        authorization: declined.authorization,
        request_id: "req_4",
      },
    });
  });

  it("tells the console how long a replay limit lasts", async () => {
    const refused = asConsoleErrors(async () => {
      throw new DomainError("replay_limited", "Too many replays.", { retryAfterSeconds: 30 });
    });
    await expect(refused).rejects.toMatchObject({ code: "limited" });
    await expect(refused).rejects.toThrow("Try again in 30 seconds.");
  });
});
