// The console's wallet page lists the wallet's latest authorizations with their statuses, and a
// member who may change the current mode reverses a pending hold there through the API's own path
// (docs/decisions/holds-that-end.md); another merchant's hold behaves as one that does not exist.
import { describe, expect, it } from "vitest";
import { reverseHold } from "@/lib/console/reverse-hold";
import { walletDetail } from "@/lib/console/wallet-detail";
import { prisma } from "@/lib/db/client";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { refusal } from "../helpers/console-refusal";
import { createKey, createMerchantApp } from "../helpers/fixtures";

describe("console holds", () => {
  it("lists the wallet's authorizations with their statuses and reverses a pending hold, audited", async () => {
    const a = await createMerchantApp();
    const key = await createKey(a.application.id);
    const { userId, walletId, cardId } = await walletWithCard(key.secret, { fund: 50 });
    const captured = (await api.spend(key.secret, cardId, { amount: 5, merchant })).data!;
    await api.capture(key.secret, captured.id);
    const expired = (await api.spend(key.secret, cardId, { amount: 6, merchant })).data!;
    await api.expire(key.secret, expired.id);
    const pending = (await api.spend(key.secret, cardId, { amount: 7, merchant })).data!;

    const before = await walletDetail(prisma(), a.merchant.id, a.application.id, walletId);
    expect(before.authorizations.map((auth) => [auth.id, auth.status])).toEqual([
      [pending.id, "pending"],
      [expired.id, "expired"],
      [captured.id, "closed"],
    ]);

    const context = { merchantId: a.merchant.id };
    const reversed = await reverseHold(prisma(), context, a.application.id, pending.id);
    expect(reversed).toMatchObject({ id: pending.id, status: "reversed" });
    expect((await api.wallet(key.secret, userId)).data?.balance).toEqual({ available: 45, posted: 45 });
    const audit = await prisma().auditLog.findMany({
      where: { applicationId: a.application.id, action: "authorization.reversed" },
    });
    expect(audit.map((line) => line.detail)).toEqual([{ authorizationId: pending.id, amount: 7, currency: "USD" }]);

    // Already ended: refused with the API's words, nothing more recorded.
    expect(await refusal(reverseHold(prisma(), context, a.application.id, pending.id))).toBe("refused");
    expect(await refusal(reverseHold(prisma(), context, a.application.id, expired.id))).toBe("refused");
    expect(
      await prisma().auditLog.count({ where: { action: "authorization.reversed", merchantId: a.merchant.id } }),
    ).toBe(1);
  });

  it("treats another merchant's hold as one that does not exist, and refuses a viewer", async () => {
    const a = await createMerchantApp();
    const b = await createMerchantApp();
    const key = await createKey(a.application.id);
    const { cardId } = await walletWithCard(key.secret, { fund: 20 });
    const pending = (await api.spend(key.secret, cardId, { amount: 3, merchant })).data!;
    const bContext = { merchantId: b.merchant.id };
    expect(await refusal(reverseHold(prisma(), bContext, a.application.id, pending.id))).toBe("not_found");
    expect(await refusal(reverseHold(prisma(), bContext, b.application.id, pending.id))).toBe("not_found");

    await prisma().membership.update({
      where: { accountId_merchantId: { accountId: a.application.accountId, merchantId: a.merchant.id } },
      data: { role: "viewer" },
    });
    expect(await refusal(reverseHold(prisma(), { merchantId: a.merchant.id }, a.application.id, pending.id))).toBe(
      "forbidden",
    );
    expect((await api.authorization(key.secret, pending.id)).data?.status).toBe("pending");
    expect(
      await prisma().auditLog.count({ where: { action: "authorization.reversed", applicationId: a.application.id } }),
    ).toBe(0);
  });
});
