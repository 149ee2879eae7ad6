// The console's balance page operations on the real database: a test top-up by a member who may
// write test data, a live bank deposit only by an owner who re-authenticated, once per bank
// reference and audited, bad amounts refused by field, and the movements page the page lists.
import { describe, expect, it } from "vitest";
import { addToBalance, readApplicationBalance } from "@/lib/console/application-balance";
import { checkModeWrite } from "@/lib/console/mode-write";
import { prisma, transaction } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/ids";
import { createMerchantApp } from "../helpers/fixtures";

const noReauth = () => Promise.resolve();
const mustReauth = () => Promise.reject(new Error("reauthentication asked"));

async function memberAs(accountId: string, role: "admin" | "developer" | "viewer") {
  const person = await prisma().merchantUser.create({
    data: { id: newId("usr"), email: `m-${randomBase62(10)}@example.test`, name: role },
  });
  await prisma().membership.create({ data: { id: newId("mem"), accountId, merchantId: person.id, role } });
  return { merchantId: person.id, ipAddress: "198.51.100.9" };
}

describe("the console's balance", () => {
  it("tops up the test balance and lists the movement with the balance after it", async () => {
    const { merchant, application } = await createMerchantApp();
    const context = { merchantId: merchant.id, ipAddress: "198.51.100.7" };
    const mode = await checkModeWrite(prisma(), merchant.id, application.id, "test", mustReauth);
    const record = await transaction((tx) => addToBalance(tx, context, mode, { amount: "25.50", currency: "usd" }));
    expect(record).toMatchObject({ amount: 25.5, currency: "USD", livemode: false, balanceAfter: 25.5 });
    const read = await readApplicationBalance(prisma(), merchant.id, application.id);
    expect(read.balance.available).toEqual([{ currency: "USD", amount: 25.5 }]);
    expect(read.movements.rows).toEqual([
      expect.objectContaining({ kind: "top_up", id: record.id, amountMinor: 2550n, balanceAfterMinor: 2550n }),
    ]);
    expect(await prisma().auditLog.count({ where: { applicationId: application.id, action: "top_up.recorded" } })).toBe(
      1,
    );
  });

  it("refuses bad amounts and currencies by field, posting nothing", async () => {
    const { merchant, application } = await createMerchantApp();
    const context = { merchantId: merchant.id };
    const mode = await checkModeWrite(prisma(), merchant.id, application.id, "test", noReauth);
    for (const [amount, currency, field] of [
      ["", "USD", "amount"],
      ["-5", "USD", "amount"],
      ["abc", "USD", "amount"],
      ["1.001", "USD", "amount"],
      ["5", "XYZ", "currency"],
    ] as const) {
      await expect(
        transaction((tx) => addToBalance(tx, context, mode, { amount, currency })),
        `${amount} ${currency}`,
      ).rejects.toMatchObject({ code: "field", field });
    }
    expect(await prisma().topUp.count({ where: { applicationId: application.id } })).toBe(0);
  });

  it("records a live deposit only for an owner who re-authenticated, once per reference", async () => {
    const { merchant, application } = await createMerchantApp();
    const context = { merchantId: merchant.id };
    await expect(checkModeWrite(prisma(), merchant.id, application.id, "live", mustReauth)).rejects.toThrow(
      "reauthentication asked",
    );
    const live = await checkModeWrite(prisma(), merchant.id, application.id, "live", noReauth);
    await expect(
      transaction((tx) => addToBalance(tx, context, live, { amount: "100", currency: "USD" })),
    ).rejects.toMatchObject({ code: "field", field: "reference" });
    const record = await transaction((tx) =>
      addToBalance(tx, context, live, { amount: "100", currency: "USD", reference: " WIRE-7 " }),
    );
    expect(record).toMatchObject({ livemode: true, reference: "WIRE-7", amount: 100 });
    await expect(
      transaction((tx) => addToBalance(tx, context, live, { amount: "100", currency: "USD", reference: "WIRE-7" })),
    ).rejects.toMatchObject({ code: "field", field: "reference" });

    const admin = await memberAs(application.accountId, "admin");
    const adminLive = await checkModeWrite(prisma(), admin.merchantId, application.id, "live", noReauth);
    await expect(
      transaction((tx) => addToBalance(tx, admin, adminLive, { amount: "5", currency: "USD", reference: "WIRE-8" })),
    ).rejects.toMatchObject({ code: "forbidden" });
    const viewer = await memberAs(application.accountId, "viewer");
    await expect(checkModeWrite(prisma(), viewer.merchantId, application.id, "test", noReauth)).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await prisma().topUp.count({ where: { applicationId: application.id, livemode: true } })).toBe(1);
  });
});
