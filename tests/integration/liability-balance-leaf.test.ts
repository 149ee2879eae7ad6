// The application's own balance in the proof of liabilities (issue 37, docs/decisions/proof-of-liabilities.md):
// the platform owes a live application its balance as it owes a holder their wallet, so each
// balance is a leaf beside the wallets. The tree's total is then the treasury's liabilities (which
// count balances), and the balance's inclusion proof, asked through the API, recomputes the root.
import { describe, expect, it } from "vitest";
import { balanceAccountId } from "@/lib/balance/balance-account";
import { recordLiveTopUp } from "@/lib/balance/top-up";
import { transaction, prisma } from "@/lib/db/client";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { takeLiabilitySnapshot } from "@/lib/liabilities/take-liability-snapshot";
import { verifyLiabilityProof } from "@/lib/liabilities/verify-liability-proof";
import { computeTreasuryStats } from "@/lib/treasury/compute-treasury-stats";
import { createTransfer } from "@/lib/transfers/create-transfer";
import { createWallet } from "@/lib/wallets/create-wallet";
import { createKey, createMerchantApp, uniqueUserId } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

// A currency no other suite uses live, so the DKK figures compared here are this file's alone.
const CURRENCY = "DKK";

const balanceProof = (key: string, query: { currency: string; snapshot?: string }) =>
  testClient(key).GET("/api/public/sdk/v1/balance/liability-proof", { params: { query } });

describe("the application's balance in the proof of liabilities", () => {
  it("is a leaf beside the wallets: the total is the treasury's liabilities and its proof recomputes the root", async () => {
    const app = await createMerchantApp("Balance leaf");
    const applicationId = app.application.id;
    const live = { applicationId, livemode: true };
    const liveKey = (await createKey(applicationId, { mode: "live" })).secret;
    const testKey = (await createKey(applicationId, { mode: "test" })).secret;
    const holder = uniqueUserId("leaf");
    await transaction((tx) =>
      createWallet(tx, live, { externalUserId: holder, currency: CURRENCY, email: "l@example.com" }),
    );
    await transaction((tx) => fundWallet(tx, live, holder, { amount: 500 }));
    await transaction((tx) =>
      recordLiveTopUp(tx, applicationId, { amount: 1200, currency: CURRENCY, reference: `dep-${holder}` }),
    );
    await transaction((tx) =>
      createTransfer(tx, live, {
        from: { type: "balance" },
        to: { type: "wallet", externalUserId: holder },
        amount: 200,
        currency: CURRENCY,
      }),
    );

    const taken = await takeLiabilitySnapshot({ chunkLeaves: 4, batchSize: 5 });
    if (!taken.taken) throw new Error(taken.reason);
    const snapshot = await prisma().liabilitySnapshot.findUniqueOrThrow({ where: { id: taken.id } });
    const entry = (snapshot.currencies as { currency: string; total_minor: string }[]).find(
      (c) => c.currency === CURRENCY,
    );
    // The wallet's 700.00 and the balance's 1,000.00, in øre.
    expect(entry?.total_minor).toBe(String(170_000));
    const stats = await computeTreasuryStats(prisma());
    expect(stats.currencies.find((c) => c.currency === CURRENCY)?.liabilities).toBe(1_700);

    const proof = await balanceProof(liveKey, { currency: "dkk", snapshot: taken.id });
    expect(proof.response.status).toBe(200);
    expect(proof.data).toMatchObject({
      object: "liability_proof",
      currency: CURRENCY,
      wallet: balanceAccountId(live, CURRENCY),
      balance_minor: "100000",
      balance: 1_000,
    });
    const published = await testClient(liveKey).GET("/api/public/treasury/liabilities/{id}", {
      params: { path: { id: taken.id } },
    });
    const verdict = await verifyLiabilityProof(proof.data!, published.data!);
    expect(verdict).toMatchObject({ valid: true, currency: CURRENCY, balance_minor: "100000" });

    // A proof with the balance raised by one øre no longer recomputes the root.
    const forged = await verifyLiabilityProof({ ...proof.data!, balance_minor: "100001" }, published.data!);
    expect(forged.valid).toBe(false);

    // A currency the application never held, and test mode, have no leaf: a clear 4xx each.
    const none = await balanceProof(liveKey, { currency: "SEK" });
    expect(none.response.status).toBeGreaterThanOrEqual(400);
    expect(none.response.status).toBeLessThan(500);
    expect(none.error?.error.code).toBe("liability_proof_unavailable");
    const testMode = await balanceProof(testKey, { currency: CURRENCY });
    expect(testMode.error?.error.code).toBe("liability_proof_unavailable");
  });
});
