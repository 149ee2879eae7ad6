// The console card page's spending controls: the form becomes the API's controls through the same
// domain function (so the same refusals, shown on the field at fault), keeps limits by category
// set through the API, is audited, and another merchant's card behaves as one that does not exist.
import { describe, expect, it } from "vitest";
import { cardDetail } from "@/lib/console/card-detail";
import { isConsoleError } from "@/lib/console/errors";
import { updateCardControls } from "@/lib/console/update-card-controls";
import { prisma } from "@/lib/db/client";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { createKey, createMerchantApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (isConsoleError(error)) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("console card spending controls", () => {
  it("saves the form's limits and lists, keeps limits by category, shows usage, and audits", async () => {
    const a = await createMerchantApp();
    const key = (await createKey(a.application.id)).secret;
    const { cardId } = await walletWithCard(key, { fund: 100, spendLimit: 30 });
    await testClient(key).POST("/api/public/sdk/v1/cards/{id}", {
      params: { path: { id: cardId } },
      body: {
        spendingControls: {
          spendingLimits: [
            { amount: 30, interval: "per_authorization" },
            { amount: 15, interval: "weekly", categories: ["5814"] },
          ],
        },
      },
    });
    const context = { merchantId: a.merchant.id };
    const saved = await updateCardControls(prisma(), context, a.application.id, cardId, {
      limit_per_authorization: "40",
      limit_daily: "1,000.50",
      limit_monthly: "",
      blockedCategories: "7995, 4829",
      allowedCountries: "ng us",
    });
    expect(saved).toMatchObject({
      spendLimit: 40,
      spendingControls: {
        spendingLimits: [
          { amount: 40, interval: "per_authorization" },
          { amount: 1000.5, interval: "daily" },
          { amount: 15, interval: "weekly", categories: ["5814"] },
        ],
        blockedCategories: ["7995", "4829"],
        allowedCountries: ["NG", "US"],
      },
    });
    expect((await api.spend(key, cardId, { amount: 12, merchant })).response.status).toBe(201);
    const { card } = await cardDetail(prisma(), a.merchant.id, a.application.id, cardId);
    expect(card.spending).toEqual([
      expect.objectContaining({ interval: "daily", spent: 12, remaining: 988.5 }),
      expect.objectContaining({ interval: "weekly", categories: ["5814"], spent: 12, remaining: 3 }),
    ]);
    const audit = await prisma().auditLog.findMany({
      where: { applicationId: a.application.id, action: "card.spending_controls_updated" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ cardId });
  });

  it("removes the card's spendLimit when the form's per-authorization field is left blank", async () => {
    const a = await createMerchantApp();
    const key = (await createKey(a.application.id)).secret;
    const { cardId } = await walletWithCard(key, { spendLimit: 30 });
    const context = { merchantId: a.merchant.id };
    const saved = await updateCardControls(prisma(), context, a.application.id, cardId, { limit_daily: "50" });
    expect(saved).toMatchObject({
      spendLimit: null,
      spendingControls: { spendingLimits: [{ amount: 50, interval: "daily" }] },
    });
  });

  it("refuses a malformed field on that field and changes nothing", async () => {
    const a = await createMerchantApp();
    const key = (await createKey(a.application.id)).secret;
    const { cardId } = await walletWithCard(key, { spendLimit: 30 });
    const context = { merchantId: a.merchant.id };
    const update = (form: Parameters<typeof updateCardControls>[4]) =>
      refusal(updateCardControls(prisma(), context, a.application.id, cardId, form));
    expect(await update({ limit_daily: "ten" })).toMatchObject({ code: "field", field: "limit_daily" });
    expect(await update({ limit_weekly: "1.005" })).toMatchObject({ code: "field", field: "limit_weekly" });
    expect(await update({ limit_daily: "0" })).toMatchObject({ code: "field", field: "limit_daily" });
    expect(await update({ blockedCategories: "581" })).toMatchObject({ code: "field", field: "blockedCategories" });
    expect(await update({ allowedCountries: "USA" })).toMatchObject({ code: "field", field: "allowedCountries" });
    expect((await api.card(key, cardId)).data).toMatchObject({
      spendLimit: 30,
      spendingControls: { spendingLimits: [{ amount: 30, interval: "per_authorization" }] },
    });
  });

  it("treats another merchant's card as one that does not exist, and refuses a viewer", async () => {
    const a = await createMerchantApp();
    const b = await createMerchantApp();
    const key = (await createKey(a.application.id)).secret;
    const { cardId } = await walletWithCard(key);
    const bContext = { merchantId: b.merchant.id };
    for (const appId of [a.application.id, b.application.id]) {
      expect(await refusal(updateCardControls(prisma(), bContext, appId, cardId, { limit_daily: "5" }))).toMatchObject({
        code: "not_found",
      });
    }
    await prisma().membership.update({
      where: { accountId_merchantId: { accountId: a.application.accountId, merchantId: a.merchant.id } },
      data: { role: "viewer" },
    });
    const viewer = { merchantId: a.merchant.id };
    expect(
      await refusal(updateCardControls(prisma(), viewer, a.application.id, cardId, { limit_daily: "5" })),
    ).toMatchObject({
      code: "forbidden",
    });
    expect((await api.card(key, cardId)).data?.spendingControls).toEqual({ spendingLimits: [] });
  });
});
