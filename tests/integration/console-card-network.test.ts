// The console's test card page and the card network simulator: the form's message goes through the
// same simulator as the API (audited), its refusals land on the field at fault, the card's
// authorizations come with their history, and another merchant's card behaves as one not there.
import { describe, expect, it } from "vitest";
import { cardAuthorizationsWithHistory, sendConsoleNetworkMessage } from "@/lib/console/card-network";
import { isConsoleError } from "@/lib/console/errors";
import { prisma } from "@/lib/db/client";
import { walletWithCard } from "../helpers/card-money";
import { createKey, createMerchantApp } from "../helpers/fixtures";

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (isConsoleError(error)) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("console card network simulator", () => {
  it("sends messages, shows the history, refuses bad input on its field, and hides other merchants' cards", async () => {
    const a = await createMerchantApp();
    const key = (await createKey(a.application.id)).secret;
    const { cardId } = await walletWithCard(key, { fund: 50 });
    const context = { merchantId: a.merchant.id };
    const auth = await sendConsoleNetworkMessage(prisma(), context, a.application.id, cardId, {
      kind: "authorization",
      amount: "20",
      merchant: "Corner Diner",
      category: "5812",
    });
    expect(auth).toMatchObject({ result: "approved", approvedAmount: 20 });
    await sendConsoleNetworkMessage(prisma(), context, a.application.id, cardId, {
      kind: "clearing",
      amount: "23",
      authorizationId: auth.authorization.id,
      final: "on",
    });
    const [listed] = await cardAuthorizationsWithHistory(prisma(), a.merchant.id, a.application.id, cardId);
    expect(listed).toMatchObject({ id: auth.authorization.id, status: "closed", capturedAmount: 23 });
    expect(listed?.history.map((h) => [h.kind, h.amount])).toEqual([
      ["authorization", 20],
      ["clearing", 23],
    ]);
    expect(
      await prisma().auditLog.count({ where: { applicationId: a.application.id, action: "card.network_simulated" } }),
    ).toBe(2);

    expect(
      await refusal(
        sendConsoleNetworkMessage(prisma(), context, a.application.id, cardId, { kind: "clearing", amount: "x" }),
      ),
    ).toEqual({ code: "field", field: "amount" });
    expect(
      await refusal(
        sendConsoleNetworkMessage(prisma(), context, a.application.id, cardId, {
          kind: "reversal",
          amount: "1",
          authorizationId: "auth_nope",
        }),
      ),
    ).toEqual({ code: "field", field: "authorizationId" });
    const other = await createMerchantApp();
    expect(
      await refusal(
        sendConsoleNetworkMessage(prisma(), { merchantId: other.merchant.id }, a.application.id, cardId, {
          kind: "authorization",
          amount: "1",
        }),
      ),
    ).toMatchObject({ code: "not_found" });
  });
});
