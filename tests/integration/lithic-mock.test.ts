// The contract harness itself: the Lithic SDK client built from our configuration talks to the mock
// generated from Lithic's OpenAPI document, the mock refuses what the document does not allow, and
// our classification of Lithic's failures reads what the SDK throws.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lithicClient, resetLithicClient } from "@/lib/connectors/lithic/client";
import { classifyLithicError } from "@/lib/connectors/lithic/lithic-errors";
import { parseConfig } from "@/lib/config";
import { startLithicMock, type LithicMock } from "../helpers/lithic-mock";

let mock: LithicMock;
const saved = { ...process.env };

beforeAll(async () => {
  mock = await startLithicMock();
  process.env.LITHIC_API_KEY = "test-lithic-key";
  process.env.LITHIC_BASE_URL = mock.baseUrl;
  resetLithicClient();
}, 90_000);

afterAll(async () => {
  process.env = saved;
  resetLithicClient();
  await mock?.close();
});

async function failureOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return classifyLithicError(error);
  }
  throw new Error("the call succeeded");
}

describe("the Lithic client against the mock of Lithic's OpenAPI document", () => {
  it("creates a virtual card as the document describes it", async () => {
    // The client reads the configuration once; this test set it before the first call.
    const card = await lithicClient().cards.create({ type: "VIRTUAL" });
    expect(card.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(card.last_four).toMatch(/^\d{4}$/);
  });

  it("classifies a request the document refuses as final", async () => {
    // An unknown card type is not in the document's enum: Prism answers 422, as Lithic's API would refuse it.
    const failure = await failureOf(
      lithicClient().cards.create({ type: "NOT_A_TYPE" as unknown as "VIRTUAL" }),
    );
    expect(failure).toMatchObject({ class: "final", status: 422 });
  });

  it("classifies Lithic's documented 429 and 5xx answers as retry", async () => {
    const limited = await failureOf(
      lithicClient().cards.create({ type: "VIRTUAL" }, { headers: { Prefer: "code=429" } }),
    );
    expect(limited).toMatchObject({ class: "retry", status: 429 });
  });

  it("classifies an unreachable Lithic as indeterminate", async () => {
    process.env.LITHIC_BASE_URL = "http://127.0.0.1:9"; // the discard port: nothing listens there
    resetLithicClient();
    try {
      const failure = await failureOf(lithicClient().cards.create({ type: "VIRTUAL" }));
      expect(failure.class).toBe("indeterminate");
    } finally {
      process.env.LITHIC_BASE_URL = mock.baseUrl;
      resetLithicClient();
    }
  });

  it("refuses CARD_PROCESSOR_LIVE=lithic without LITHIC_API_KEY at start-up", () => {
    expect(() => parseConfig({ CARD_PROCESSOR_LIVE: "lithic" })).toThrow(/LITHIC_API_KEY is required/);
    expect(parseConfig({ CARD_PROCESSOR_LIVE: "lithic", LITHIC_API_KEY: "k" }).LITHIC_ENVIRONMENT).toBe("sandbox");
  });
});
