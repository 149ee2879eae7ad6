// Calls the card-money routes (fund, spend, capture, refund, card controls) the way an
// integrating application would, for the ledger, card and authorization tests.
import { POST as capture } from "@/app/api/public/sdk/v1/authorizations/[id]/capture/route";
import { POST as refund } from "@/app/api/public/sdk/v1/authorizations/[id]/refund/route";
import { GET as getAuthorization } from "@/app/api/public/sdk/v1/authorizations/[id]/route";
import { POST as spend } from "@/app/api/public/sdk/v1/cards/[id]/authorizations/route";
import { POST as cancel } from "@/app/api/public/sdk/v1/cards/[id]/cancel/route";
import { POST as freeze } from "@/app/api/public/sdk/v1/cards/[id]/freeze/route";
import { GET as getCard } from "@/app/api/public/sdk/v1/cards/[id]/route";
import { POST as unfreeze } from "@/app/api/public/sdk/v1/cards/[id]/unfreeze/route";
import { POST as issueCard } from "@/app/api/public/sdk/v1/cards/route";
import { POST as tap } from "@/app/api/public/sdk/v1/test/cards/[id]/tap/route";
import { POST as fund } from "@/app/api/public/sdk/v1/test/wallets/[externalUserId]/fund/route";
import { GET as getWallet } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/route";
import { GET as listCards } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/cards/route";
import { GET as listTransactions } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/transactions/route";
import { POST as createWallet } from "@/app/api/public/sdk/v1/wallets/route";
import { callRoute } from "./call-route";
import { uniqueUserId } from "./fixtures";

const V1 = "/api/public/sdk/v1";
type Extra = { headers?: Record<string, string> };

export const api = {
  createWallet: (key: string, body: Record<string, unknown>) =>
    callRoute(createWallet, { method: "POST", path: `${V1}/wallets`, key, body }),
  issueCard: (key: string, body: Record<string, unknown>) =>
    callRoute(issueCard, { method: "POST", path: `${V1}/cards`, key, body }),
  wallet: (key: string, externalUserId: string) =>
    callRoute(getWallet, { path: `${V1}/wallets/${externalUserId}`, key, params: { externalUserId } }),
  fund: (key: string, externalUserId: string, body: Record<string, unknown>, extra: Extra = {}) =>
    callRoute(fund, {
      method: "POST",
      path: `${V1}/test/wallets/${externalUserId}/fund`,
      key,
      body,
      params: { externalUserId },
      ...extra,
    }),
  spend: (key: string, cardId: string, body: Record<string, unknown>, extra: Extra = {}) =>
    callRoute(spend, {
      method: "POST",
      path: `${V1}/cards/${cardId}/authorizations`,
      key,
      body,
      params: { id: cardId },
      ...extra,
    }),
  tap: (key: string, cardId: string, body: Record<string, unknown>) =>
    callRoute(tap, { method: "POST", path: `${V1}/test/cards/${cardId}/tap`, key, body, params: { id: cardId } }),
  capture: (key: string, authId: string, body: Record<string, unknown> = {}, extra: Extra = {}) =>
    callRoute(capture, {
      method: "POST",
      path: `${V1}/authorizations/${authId}/capture`,
      key,
      body,
      params: { id: authId },
      ...extra,
    }),
  refund: (key: string, authId: string, body: Record<string, unknown> = {}, extra: Extra = {}) =>
    callRoute(refund, {
      method: "POST",
      path: `${V1}/authorizations/${authId}/refund`,
      key,
      body,
      params: { id: authId },
      ...extra,
    }),
  authorization: (key: string, authId: string) =>
    callRoute(getAuthorization, { path: `${V1}/authorizations/${authId}`, key, params: { id: authId } }),
  card: (key: string, cardId: string) =>
    callRoute(getCard, { path: `${V1}/cards/${cardId}`, key, params: { id: cardId } }),
  freeze: (key: string, cardId: string) =>
    callRoute(freeze, { method: "POST", path: `${V1}/cards/${cardId}/freeze`, key, params: { id: cardId } }),
  unfreeze: (key: string, cardId: string) =>
    callRoute(unfreeze, { method: "POST", path: `${V1}/cards/${cardId}/unfreeze`, key, params: { id: cardId } }),
  cancel: (key: string, cardId: string) =>
    callRoute(cancel, { method: "POST", path: `${V1}/cards/${cardId}/cancel`, key, params: { id: cardId } }),
  cards: (key: string, externalUserId: string, query = "") =>
    callRoute(listCards, { path: `${V1}/wallets/${externalUserId}/cards${query}`, key, params: { externalUserId } }),
  transactions: (key: string, externalUserId: string, query = "") =>
    callRoute(listTransactions, {
      path: `${V1}/wallets/${externalUserId}/transactions${query}`,
      key,
      params: { externalUserId },
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
  if (wallet.status !== 201) throw new Error(`wallet: ${wallet.text}`);
  const card = await api.issueCard(key, {
    externalUserId: userId,
    kind: "virtual",
    currency,
    ...(options.spendLimit !== undefined ? { spendLimit: options.spendLimit } : {}),
  });
  if (card.status !== 201) throw new Error(`card: ${card.text}`);
  if (options.fund !== undefined) {
    const funded = await api.fund(key, userId, { amount: options.fund });
    if (funded.status !== 201) throw new Error(`fund: ${funded.text}`);
  }
  return { userId, walletId: wallet.json.id, cardId: card.json.id };
}
