// The benchmark's data, made through our own domain functions (the same code the API runs): an
// application with keys and a webhook endpoint, wallets to read, funded wallets with cards to spend.
import { createApplication } from "@/lib/applications/create-application";
import { issueCard } from "@/lib/cards/issue-card";
import { prisma, transaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { createApiKey } from "@/lib/keys/create-api-key";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { createWallet } from "@/lib/wallets/create-wallet";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { setDecisionEndpoint, vetDecisionUrl } from "@/lib/authorization-decisions/decision-endpoint";
import type { SeedData } from "../load/scenarios";

export type SeedSizes = { keys: number; wallets: number };

/**
 * Enough that spends never run dry: a million dollars a wallet, one cent a spend. Scenario 5f's
 * transfers move a cent between these wallets in both directions, so they never run dry either.
 */
const FUNDING_USD = 1_000_000;

/**
 * Scenario 5c's controls: a daily limit as large as the funding, so no run reaches it and every
 * spend reads and adds to its running total, and a blocked-category list of ten codes the spends'
 * category (5814) is not among, so every spend checks the list and passes.
 */
const CONTROLS = {
  spendingLimits: [{ amount: FUNDING_USD, interval: "daily" as const }],
  blockedCategories: ["4829", "5933", "5967", "6010", "6011", "6051", "6540", "7273", "7995", "9754"],
};

export async function seedApiData(
  runId: string,
  sizes: SeedSizes,
  /** Scenario 5d's decision endpoint (a server of the orchestrator's answering {"approved": true} at once). */
  decisionUrl?: string,
): Promise<{ applicationId: string; seed: Omit<SeedData, "replays"> }> {
  const db = prisma();
  const merchant = await db.merchantUser.create({
    data: { id: newId("usr"), email: `bench-${runId}@example.com`, name: "Benchmark" },
  });
  const { application } = await createApplication(db, { merchantId: merchant.id, name: "bench api" });
  const tenant = { applicationId: application.id, livemode: false };
  // Writes fan out to one endpoint, so every event also queues a delivery and its job. The address
  // is never sent to: the web server runs without its worker and the queue is emptied before scenario 6.
  await addWebhookEndpoint(db, {
    applicationId: application.id,
    url: "http://127.0.0.1:9/never-sent",
    livemode: false,
  });

  const keys: string[] = [];
  for (let i = 0; i < sizes.keys; i++) {
    keys.push((await createApiKey(db, { applicationId: application.id, mode: "test", name: `bench ${i}` })).secret);
  }

  const readUserIds: string[] = [];
  const spreadCardIds: string[] = [];
  const controlledCardIds: string[] = [];
  const wallet = async (externalUserId: string) => {
    await transaction((tx) =>
      createWallet(tx, tenant, { externalUserId, currency: "USD", email: "bench@example.com", name: "Bench User" }),
    );
    await transaction((tx) => fundWallet(tx, tenant, externalUserId, { amount: FUNDING_USD }));
    const card = await transaction((tx) => issueCard(tx, tenant, { externalUserId, kind: "virtual", currency: "USD" }));
    return card.id;
  };
  for (let i = 0; i < sizes.wallets; i++) {
    const externalUserId = `seed_${i}`;
    spreadCardIds.push(await wallet(externalUserId));
    readUserIds.push(externalUserId);
    const controlled = await transaction((tx) =>
      issueCard(tx, tenant, { externalUserId, kind: "virtual", currency: "USD", spendingControls: CONTROLS }),
    );
    controlledCardIds.push(controlled.id);
  }
  const hotCardId = await wallet("seed_hot");
  const decisions = decisionUrl
    ? await seedDecisionApplication(runId, sizes, decisionUrl)
    : { decisionKeys: [], decisionCardIds: [] };
  return {
    applicationId: application.id,
    seed: {
      keys,
      readUserIds,
      spreadCardIds,
      hotCardId,
      controlledCardIds,
      ...decisions,
      transferUserIds: [...readUserIds],
    },
  };
}

/**
 * Scenario 5d: an application like the first (keys, a never-sent webhook endpoint, funded wallets
 * with a card each) whose test mode also has a decision endpoint, so each of its spends is asked.
 * An application of its own, as the endpoint is per application and mode: 5a's spends ask nothing.
 */
async function seedDecisionApplication(
  runId: string,
  sizes: SeedSizes,
  decisionUrl: string,
): Promise<Pick<SeedData, "decisionKeys" | "decisionCardIds">> {
  const db = prisma();
  const merchant = await db.merchantUser.create({
    data: { id: newId("usr"), email: `bench-decisions-${runId}@example.com`, name: "Benchmark decisions" },
  });
  const { application } = await createApplication(db, { merchantId: merchant.id, name: "bench decisions" });
  const tenant = { applicationId: application.id, livemode: false };
  await addWebhookEndpoint(db, {
    applicationId: application.id,
    url: "http://127.0.0.1:9/never-sent",
    livemode: false,
  });
  const url = await vetDecisionUrl(decisionUrl, false);
  await setDecisionEndpoint(db, tenant, { url, defaultAction: "decline", timeoutMs: 2_000 }, url);
  const decisionKeys: string[] = [];
  for (let i = 0; i < sizes.keys; i++) {
    decisionKeys.push(
      (await createApiKey(db, { applicationId: application.id, mode: "test", name: `bench decisions ${i}` })).secret,
    );
  }
  const decisionCardIds: string[] = [];
  for (let i = 0; i < sizes.wallets; i++) {
    const externalUserId = `decided_${i}`;
    await transaction((tx) =>
      createWallet(tx, tenant, { externalUserId, currency: "USD", email: "bench@example.com", name: "Bench User" }),
    );
    await transaction((tx) => fundWallet(tx, tenant, externalUserId, { amount: FUNDING_USD }));
    const card = await transaction((tx) => issueCard(tx, tenant, { externalUserId, kind: "virtual", currency: "USD" }));
    decisionCardIds.push(card.id);
  }
  return { decisionKeys, decisionCardIds };
}

/**
 * A second application whose one endpoint is the webhook driver's receiver, with wallets for its
 * events to be about (each event takes its wallet's next sequence number). The wallets are made
 * before the endpoint exists, so their own events queue no deliveries.
 */
export async function seedWebhookApplication(
  seedId: string,
  receiverUrl: string,
  walletCount = 200,
): Promise<{ applicationId: string; walletIds: string[] }> {
  const db = prisma();
  const merchant = await db.merchantUser.create({
    data: { id: newId("usr"), email: `bench-webhooks-${seedId}@example.com`, name: "Benchmark webhooks" },
  });
  const { application } = await createApplication(db, { merchantId: merchant.id, name: "bench webhooks" });
  const tenant = { applicationId: application.id, livemode: false };
  const walletIds: string[] = [];
  for (let i = 0; i < walletCount; i++) {
    const wallet = await transaction((tx) =>
      createWallet(tx, tenant, { externalUserId: `webhook_${i}`, currency: "USD", email: "bench@example.com" }),
    );
    walletIds.push(wallet.id);
  }
  await addWebhookEndpoint(db, { applicationId: application.id, url: receiverUrl, livemode: false });
  return { applicationId: application.id, walletIds };
}
