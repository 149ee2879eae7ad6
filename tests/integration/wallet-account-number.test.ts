// A freshly drawn account number that is already taken must be drawn again, not reported to the
// merchant as "wallet_exists": the draw is ours, the merchant did nothing wrong.
import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/client";
import { api } from "../helpers/card-money";
import { setupApp, uniqueUserId } from "../helpers/fixtures";

// The numbers the next draws return, before falling back to real random ones.
const forcedDraws: string[] = [];
vi.mock("@/lib/wallets/account-number", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/wallets/account-number")>();
  return { ...real, newAccountNumber: () => forcedDraws.shift() ?? real.newAccountNumber() };
});

afterEach(() => {
  forcedDraws.length = 0;
});

describe("account number clashes", () => {
  it("draws again when the number is taken, and the wallet is created once", async () => {
    const app = await setupApp();
    const first = await api.createWallet(app.key, {
      externalUserId: uniqueUserId(),
      currency: "USD",
      email: "a@example.com",
    });
    expect(first.response.status).toBe(201);
    const taken = first.data!.accountNumber;

    forcedDraws.push(taken, taken);
    const userId = uniqueUserId();
    const second = await api.createWallet(app.key, { externalUserId: userId, currency: "USD", email: "b@example.com" });
    expect(second.response.status).toBe(201);
    expect(second.data!.externalUserId).toBe(userId);
    expect(second.data!.accountNumber).not.toBe(taken);
    expect(forcedDraws).toHaveLength(0);

    const rows = await prisma().wallet.findMany({ where: { externalUserId: userId } });
    expect(rows).toHaveLength(1);
    const events = await prisma().event.findMany({
      where: {
        applicationId: rows[0]!.applicationId,
        type: "wallet.provisioned",
        data: { path: ["id"], equals: rows[0]!.id },
      },
    });
    expect(events).toHaveLength(1);
  });

  it("still answers wallet_exists when the externalUserId is the one taken", async () => {
    const app = await setupApp();
    const userId = uniqueUserId();
    await api.createWallet(app.key, { externalUserId: userId, currency: "USD", email: "a@example.com" });
    const again = await api.createWallet(app.key, { externalUserId: userId, currency: "USD", email: "a@example.com" });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe("wallet_exists");
  });

  it("answers 500, not a false wallet_exists, if every draw is taken", async () => {
    const app = await setupApp();
    const first = await api.createWallet(app.key, {
      externalUserId: uniqueUserId(),
      currency: "USD",
      email: "a@example.com",
    });
    forcedDraws.push(...Array.from({ length: 5 }, () => first.data!.accountNumber));
    const userId = uniqueUserId();
    const res = await api.createWallet(app.key, { externalUserId: userId, currency: "USD", email: "c@example.com" });
    expect(res.response.status).toBe(500);
    expect(await prisma().wallet.count({ where: { externalUserId: userId } })).toBe(0);
  });
});
