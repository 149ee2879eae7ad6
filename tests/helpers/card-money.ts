// Calls the card-money routes (fund, spend, capture, reverse, refund, card controls) through the typed API
// client, the way an integrating application would, for the ledger, card and authorization tests.
import type { Schemas } from "@/lib/client/create-service-client";
import { uniqueUserId } from "./fixtures";
import { testClient } from "./route-fetch";

/** A caller's own Idempotency-Key; without one the client generates a fresh key per call. */
type Extra = { idempotencyKey?: string };
type Page = { limit?: number; starting_after?: string };

const idempotency = (extra: Extra) =>
  extra.idempotencyKey === undefined ? {} : { header: { "Idempotency-Key": extra.idempotencyKey } };

export const api = {
  createWallet: (key: string, body: Schemas["CreateWalletRequest"]) =>
    testClient(key).POST("/api/public/sdk/v1/wallets", { body }),
  issueCard: (key: string, body: Schemas["IssueCardRequest"]) =>
    testClient(key).POST("/api/public/sdk/v1/cards", { body }),
  wallet: (key: string, externalUserId: string) =>
    testClient(key).GET("/api/public/sdk/v1/wallets/{externalUserId}", { params: { path: { externalUserId } } }),
  fund: (key: string, externalUserId: string, body: Schemas["FundWalletRequest"], extra: Extra = {}) =>
    testClient(key).POST("/api/public/sdk/v1/test/wallets/{externalUserId}/fund", {
      params: { path: { externalUserId }, ...idempotency(extra) },
      body,
    }),
  spend: (key: string, cardId: string, body: Schemas["CreateAuthorizationRequest"], extra: Extra = {}) =>
    testClient(key).POST("/api/public/sdk/v1/cards/{id}/authorizations", {
      params: { path: { id: cardId }, ...idempotency(extra) },
      body,
    }),
  tap: (key: string, cardId: string, body: Schemas["CreateAuthorizationRequest"]) =>
    testClient(key).POST("/api/public/sdk/v1/test/cards/{id}/tap", { params: { path: { id: cardId } }, body }),
  capture: (key: string, authId: string, body: Schemas["CaptureAuthorizationRequest"] = {}, extra: Extra = {}) =>
    testClient(key).POST("/api/public/sdk/v1/authorizations/{id}/capture", {
      params: { path: { id: authId }, ...idempotency(extra) },
      body,
    }),
  refund: (key: string, authId: string, body: Schemas["RefundAuthorizationRequest"] = {}, extra: Extra = {}) =>
    testClient(key).POST("/api/public/sdk/v1/authorizations/{id}/refund", {
      params: { path: { id: authId }, ...idempotency(extra) },
      body,
    }),
  reverse: (key: string, authId: string, extra: Extra = {}) =>
    testClient(key).POST("/api/public/sdk/v1/authorizations/{id}/reverse", {
      params: { path: { id: authId }, ...idempotency(extra) },
    }),
  expire: (key: string, authId: string) =>
    testClient(key).POST("/api/public/sdk/v1/test/authorizations/{id}/expire", { params: { path: { id: authId } } }),
  authorization: (key: string, authId: string) =>
    testClient(key).GET("/api/public/sdk/v1/authorizations/{id}", { params: { path: { id: authId } } }),
  card: (key: string, cardId: string) =>
    testClient(key).GET("/api/public/sdk/v1/cards/{id}", { params: { path: { id: cardId } } }),
  freeze: (key: string, cardId: string) =>
    testClient(key).POST("/api/public/sdk/v1/cards/{id}/freeze", { params: { path: { id: cardId } } }),
  unfreeze: (key: string, cardId: string) =>
    testClient(key).POST("/api/public/sdk/v1/cards/{id}/unfreeze", { params: { path: { id: cardId } } }),
  cancel: (key: string, cardId: string) =>
    testClient(key).POST("/api/public/sdk/v1/cards/{id}/cancel", { params: { path: { id: cardId } } }),
  cards: (key: string, externalUserId: string, query: Page = {}) =>
    testClient(key).GET("/api/public/sdk/v1/wallets/{externalUserId}/cards", {
      params: { path: { externalUserId }, query },
    }),
  transactions: (key: string, externalUserId: string, query: Page = {}) =>
    testClient(key).GET("/api/public/sdk/v1/wallets/{externalUserId}/transactions", {
      params: { path: { externalUserId }, query },
    }),
};

export const merchant = { name: "Corner Coffee", category: "5814", country: "NG" };

/** A wallet with one card; optionally funded through the test helper. */
export async function walletWithCard(
  key: string,
  options: { currency?: string; spendLimit?: number; fund?: number } = {},
): Promise<{ userId: string; walletId: string; cardId: string }> {
  const currency = options.currency ?? "USD";
  const userId = uniqueUserId();
  const wallet = await api.createWallet(key, { externalUserId: userId, currency, email: "holder@example.com" });
  if (wallet.response.status !== 201 || !wallet.data) throw new Error(`wallet: ${JSON.stringify(wallet.error)}`);
  const card = await api.issueCard(key, {
    externalUserId: userId,
    kind: "virtual",
    currency,
    ...(options.spendLimit !== undefined ? { spendLimit: options.spendLimit } : {}),
  });
  if (card.response.status !== 201 || !card.data) throw new Error(`card: ${JSON.stringify(card.error)}`);
  if (options.fund !== undefined) {
    const funded = await api.fund(key, userId, { amount: options.fund });
    if (funded.response.status !== 201) throw new Error(`fund: ${JSON.stringify(funded.error)}`);
  }
  return { userId, walletId: wallet.data.id, cardId: card.data.id };
}
