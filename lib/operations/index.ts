// Every API operation, each declared once (lib/operations/<resource>.ts). The route files route
// to them, lib/openapi documents them, the 405 answers list their methods, tests route by them.
import {
  getAuthorizationOperation,
  captureAuthorizationOperation,
  createAuthorizationOperation,
  listWalletTransactionsOperation,
  refundAuthorizationOperation,
  reverseAuthorizationOperation,
} from "./authorizations";
import {
  cancelCardOperation,
  freezeCardOperation,
  getCardOperation,
  listWalletCardsOperation,
  unfreezeCardOperation,
  updateCardOperation,
} from "./card-controls";
import {
  deleteAuthorizationEndpointOperation,
  getAuthorizationEndpointOperation,
  setAuthorizationEndpointOperation,
} from "./authorization-endpoint";
import { createCardDetailsSessionOperation } from "./card-details";
import { issueCardOperation } from "./cards";
import { HTTP_METHODS, type HttpMethod, type Operation } from "./define";
import { getEventOperation, listEventsOperation, listEventTypesOperation, listenEventsOperation } from "./events";
import { getHealthOperation, getReadinessOperation } from "./health";
import {
  getBalanceLiabilityProofOperation,
  getLiabilityProofOperation,
  getLiabilitySnapshotOperation,
  listLiabilitySnapshotsOperation,
} from "./liabilities";
import {
  cancelPayoutOperation,
  createBalanceBankAccountOperation,
  createPayoutOperation,
  createWalletBankAccountOperation,
  getPayoutOperation,
  listBalanceBankAccountsOperation,
  listPayoutsOperation,
  listWalletBankAccountsOperation,
  moveTestPayoutOperation,
  createTestTopUpOperation,
  createTransferOperation,
  getBalanceOperation,
  getTransferOperation,
  listTransfersOperation,
} from "./money-movement";
import { getOpenApiDocumentOperation } from "./openapi";
import { createProofOperation, revokeProofOperation } from "./proofs";
import { getBalanceReportOperation } from "./reports";
import { createStatementOperation, revokeStatementOperation } from "./statements";
import {
  expireTestAuthorizationOperation,
  fundTestWalletOperation,
  simulateCardTapOperation,
  simulateNetworkMessageOperation,
} from "./test-helpers";
import { getTreasuryStatsOperation } from "./treasury";
import {
  getDocumentKeysOperation,
  getDocumentStatusOperation,
  verifyProofOperation,
  verifyStatementTokenOperation,
} from "./verification";
import {
  closeWalletOperation,
  createWalletOperation,
  freezeWalletOperation,
  getWalletOperation,
  unfreezeWalletOperation,
  updateWalletOperation,
} from "./wallets";
import {
  cancelWebhookRecoveryOperation,
  createWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  getWebhookRecoveryOperation,
  recoverWebhookEndpointOperation,
  getWebhookDeliveryOperation,
  getWebhookEndpointOperation,
  listWebhookDeliveriesOperation,
  listWebhookEndpointsOperation,
  replayWebhookDeliveryOperation,
  rollWebhookSecretOperation,
  testWebhookEndpointOperation,
  updateWebhookEndpointOperation,
} from "./webhooks";

export * from "./define";
export * from "./authorizations";
export * from "./authorization-endpoint";
export * from "./card-controls";
export * from "./card-details";
export * from "./cards";
export * from "./events";
export * from "./health";
export * from "./liabilities";
export * from "./money-movement";
export * from "./openapi";
export * from "./proofs";
export * from "./reports";
export * from "./statements";
export * from "./test-helpers";
export * from "./treasury";
export * from "./verification";
export * from "./wallets";
export * from "./webhooks";

/** In the order the OpenAPI document lists them. */
export const OPERATIONS: readonly Operation[] = [
  createWalletOperation,
  getWalletOperation,
  updateWalletOperation,
  freezeWalletOperation,
  unfreezeWalletOperation,
  closeWalletOperation,
  issueCardOperation,
  getCardOperation,
  updateCardOperation,
  freezeCardOperation,
  unfreezeCardOperation,
  cancelCardOperation,
  listWalletCardsOperation,
  createCardDetailsSessionOperation,
  createAuthorizationOperation,
  getAuthorizationOperation,
  captureAuthorizationOperation,
  reverseAuthorizationOperation,
  refundAuthorizationOperation,
  listWalletTransactionsOperation,
  getBalanceOperation,
  listTransfersOperation,
  createTransferOperation,
  getTransferOperation,
  listWalletBankAccountsOperation,
  createWalletBankAccountOperation,
  listBalanceBankAccountsOperation,
  createBalanceBankAccountOperation,
  listPayoutsOperation,
  createPayoutOperation,
  getPayoutOperation,
  cancelPayoutOperation,
  getBalanceReportOperation,
  fundTestWalletOperation,
  createTestTopUpOperation,
  moveTestPayoutOperation,
  simulateCardTapOperation,
  simulateNetworkMessageOperation,
  expireTestAuthorizationOperation,
  listEventsOperation,
  getEventOperation,
  listenEventsOperation,
  listEventTypesOperation,
  listWebhookDeliveriesOperation,
  getWebhookDeliveryOperation,
  replayWebhookDeliveryOperation,
  listWebhookEndpointsOperation,
  createWebhookEndpointOperation,
  getWebhookEndpointOperation,
  updateWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  testWebhookEndpointOperation,
  recoverWebhookEndpointOperation,
  getWebhookRecoveryOperation,
  cancelWebhookRecoveryOperation,
  rollWebhookSecretOperation,
  getAuthorizationEndpointOperation,
  setAuthorizationEndpointOperation,
  deleteAuthorizationEndpointOperation,
  createStatementOperation,
  revokeStatementOperation,
  createProofOperation,
  revokeProofOperation,
  verifyStatementTokenOperation,
  verifyProofOperation,
  getDocumentStatusOperation,
  getDocumentKeysOperation,
  getTreasuryStatsOperation,
  listLiabilitySnapshotsOperation,
  getLiabilitySnapshotOperation,
  getLiabilityProofOperation,
  getBalanceLiabilityProofOperation,
  getOpenApiDocumentOperation,
  getHealthOperation,
  getReadinessOperation,
];

/** The methods declared on a path template, in HTTP_METHODS order: its `Allow` header. */
export function allowedMethods(path: string): HttpMethod[] {
  const declared = new Set(
    OPERATIONS.filter((operation) => operation.path === path).map((operation) => operation.method),
  );
  return HTTP_METHODS.filter((method) => declared.has(method));
}
