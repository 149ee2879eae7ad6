// A balance change the ledger cannot hold is a 422 balance_limit_exceeded that records nothing,
// never a 500: through the test funding route, a refund, and the operator's funding operation.
import { describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { errorStatus, toApiError } from "@/lib/http/errors";
import { isValueOutOfRange } from "@/lib/ledger/balance-limit";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { MAX_BALANCE_MINOR } from "@/lib/money/bounds";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";

// The largest funding the API takes in KWD (three decimals): 999,999,999,999,999 KWD, i.e.
// 999,999,999,999,999,000 minor units. Nine fit in a BIGINT balance; a tenth does not.
const LARGEST_KWD = 999_999_999_999_999;
const LARGEST_KWD_MINOR = 999_999_999_999_999_000n;

/** Everything the ledger holds for one wallet and application, to compare before and after. */
async function ledgerState(appId: string, walletId: string) {
  const account = await prisma().ledgerAccount.findUniqueOrThrow({ where: { walletId } });
  return {
    account: { postedMinor: account.postedMinor, heldMinor: account.heldMinor },
    walletEntries: await prisma().ledgerEntry.count({ where: { accountId: account.id } }),
    transfers: await prisma().ledgerTransfer.count({ where: { applicationId: appId } }),
    authorizations: await prisma().authorization.findMany({
      where: { walletId },
      select: { id: true, status: true, capturedAmount: true, refundedAmount: true },
      orderBy: { id: "asc" },
    }),
  };
}

async function fillToNineFundings(key: string, userId: string) {
  for (let i = 0; i < 9; i++) {
    const funded = await api.fund(key, userId, { amount: LARGEST_KWD });
    expect(funded.response.status, JSON.stringify(funded.error)).toBe(201);
  }
}

describe("balance limits", () => {
  it("maps balance_limit_exceeded to 422 in the one error table", () => {
    expect(errorStatus("balance_limit_exceeded")).toBe(422);
  });

  it("answers a tenth largest KWD funding with 422 balance_limit_exceeded and leaves the ledger as it was", async () => {
    const app = await setupApp();
    const { userId, walletId } = await walletWithCard(app.key, { currency: "KWD" });
    await fillToNineFundings(app.key, userId);
    const before = await ledgerState(app.appId, walletId);
    expect(before.account.postedMinor).toBe(9n * LARGEST_KWD_MINOR);

    const tenth = await api.fund(app.key, userId, { amount: LARGEST_KWD });
    expect(tenth.response.status).toBe(422);
    expect(tenth.error?.error).toMatchObject({
      type: "invalid_request_error",
      code: "balance_limit_exceeded",
      param: "amount",
    });
    expect(await ledgerState(app.appId, walletId)).toEqual(before);

    // Still room for a smaller one: the bound is the balance's, not the amount's.
    const headroomMinor = MAX_BALANCE_MINOR - before.account.postedMinor;
    const fits = await api.fund(app.key, userId, { amount: Number(headroomMinor / 1000n) });
    expect(fits.response.status).toBe(201);
  });

  it("answers a refund that would overflow the wallet's balance with 422 and records nothing", async () => {
    const app = await setupApp();
    const { userId, walletId, cardId } = await walletWithCard(app.key, { currency: "KWD" });
    await fillToNineFundings(app.key, userId);
    const auth = await api.spend(app.key, cardId, { amount: 1, merchant });
    expect(auth.response.status).toBe(201);
    expect((await api.capture(app.key, auth.data!.id)).response.status).toBe(200);
    // Fill the balance to within 0.807 KWD of the most it holds; the 1 KWD refund no longer fits.
    const posted = (await ledgerState(app.appId, walletId)).account.postedMinor;
    const topUp = await api.fund(app.key, userId, { amount: Number((MAX_BALANCE_MINOR - posted) / 1000n) });
    expect(topUp.response.status).toBe(201);
    const before = await ledgerState(app.appId, walletId);
    expect(MAX_BALANCE_MINOR - before.account.postedMinor).toBeLessThan(1000n);

    const refund = await api.refund(app.key, auth.data!.id, {});
    expect(refund.response.status).toBe(422);
    expect(refund.error?.error.code).toBe("balance_limit_exceeded");
    expect(await ledgerState(app.appId, walletId)).toEqual(before);
  });

  it("refuses the operator's funding the same way, inside its transaction", async () => {
    const app = await setupApp();
    const { userId, walletId } = await walletWithCard(app.key, { currency: "KWD" });
    await fillToNineFundings(app.key, userId);
    const before = await ledgerState(app.appId, walletId);
    const tenant = { applicationId: app.appId, livemode: false };
    const refused = await transaction((tx) => fundWallet(tx, tenant, userId, { amount: LARGEST_KWD })).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "balance_limit_exceeded" });
    expect(toApiError(refused, "req_test").status).toBe(422);
    expect(await ledgerState(app.appId, walletId)).toEqual(before);
  });

  it("reads the database's own out-of-range refusal (22003) as the same limit", async () => {
    const raw = await prisma()
      .$queryRawUnsafe(`SELECT ${MAX_BALANCE_MINOR}::bigint + 1`)
      .catch((error: unknown) => error);
    expect(isValueOutOfRange(raw)).toBe(true);
    const model = await prisma()
      .ledgerAccount.updateMany({ where: { id: "lacct_none" }, data: { postedMinor: MAX_BALANCE_MINOR + 1n } })
      .catch((error: unknown) => error);
    expect(isValueOutOfRange(model)).toBe(true);
    expect(isValueOutOfRange(new Error("something else"))).toBe(false);
  });
});
