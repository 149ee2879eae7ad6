// The authorization decision endpoint: set, read with its health, delete (docs/decisions/authorization-decisions.md).
import {
  authorizationEndpointDeletedSchema,
  authorizationEndpointSchema,
  authorizationEndpointWriteSchema,
  setAuthorizationEndpointBodySchema,
} from "@/lib/schemas/authorization-endpoint";
import { defineOperation } from "./define";

const PATH = "/api/public/sdk/v1/authorization-endpoint";

const HOW_IT_DECIDES =
  "Every spend (and test tap) that passes card status, spending controls and funds is POSTed to the endpoint, signed like a webhook " +
  '(`card.authorization.request`); a 2xx within `timeoutMs` answering `{"approved": true|false, "amount"?: number, "metadata"?: {…}}` decides ' +
  "(an amount below the request is a partial approval), anything else applies `defaultAction`. The call takes no database lock; funds and " +
  "controls are checked again after the answer. Past the per-application cap of decisions in flight, a spend gets `defaultAction` at once " +
  "(reason `overloaded`). See the `card.authorization.request` webhook in this document.";

export const setAuthorizationEndpointOperation = defineOperation({
  operationId: "setAuthorizationEndpoint",
  method: "POST",
  path: PATH,
  surface: "sdk",
  summary: "Set the authorization decision endpoint",
  description: `Sets the key's mode's decision endpoint. Setting it again updates it: the same \`aep_\` id, \`createdAt\` and health history, with the new url, timeoutMs (absent: the default) and defaultAction; DELETE, then set, makes a new endpoint whose health starts afresh. The URL follows the webhook endpoints' rules (https in live mode, public addresses only; test mode also allows localhost), checked again at every send. ${HOW_IT_DECIDES}`,
  tags: ["Authorization decisions"],
  scope: "webhooks:write",
  body: setAuthorizationEndpointBodySchema,
  success: { status: 200, description: "The endpoint as set.", schema: authorizationEndpointWriteSchema },
});

export const getAuthorizationEndpointOperation = defineOperation({
  operationId: "getAuthorizationEndpoint",
  method: "GET",
  path: PATH,
  surface: "sdk",
  summary: "Retrieve the authorization decision endpoint with its health",
  description:
    "The key's mode's decision endpoint and its health over its newest 100 decisions: answers by kind, timeouts, invalid answers, errors, overloaded spends, p50/p95 latency and the last 10 decisions.",
  tags: ["Authorization decisions"],
  scope: "events:read",
  success: { status: 200, description: "The endpoint and its health.", schema: authorizationEndpointSchema },
  errors: ["authorization_endpoint_not_found"],
});

export const deleteAuthorizationEndpointOperation = defineOperation({
  operationId: "deleteAuthorizationEndpoint",
  method: "DELETE",
  path: PATH,
  surface: "sdk",
  summary: "Remove the authorization decision endpoint",
  description: "Spends in the key's mode are decided by status, controls and funds alone again.",
  tags: ["Authorization decisions"],
  scope: "webhooks:write",
  success: { status: 200, description: "Removed.", schema: authorizationEndpointDeletedSchema },
  errors: ["authorization_endpoint_not_found"],
});
