// Assembles /api/public/openapi.json from the operations declared in lib/operations; built once per process.
import { createDocument, type oas31 } from "zod-openapi";
import { config } from "@/lib/config";
import { SCOPES } from "@/lib/keys/scopes";
import { PRODUCT_NAME, SCHEMA_VERSION } from "@/lib/version";
import { OPERATIONS } from "@/lib/operations";
import { documentPaths } from "./operation";
import { webhookEvents } from "./webhooks";

const DESCRIPTION = `Issue wallets and virtual cards to your users, and verify statements, proofs and treasury figures in public.

**Authentication.** SDK routes take \`Authorization: Bearer sk_test_...\` (test mode) or \`sk_live_...\` (live mode); the key's prefix decides the mode and test and live data never mix. Keys may be limited to scopes and to an IP allowlist.

**Money.** Amounts are JSON numbers in the currency's major unit (\`25.5\` USD), with at most the currency's ISO 4217 decimal places (USD 2, JPY 0, KWD 3); more is a 400 \`amount_precision\`.

**Idempotency.** Send \`Idempotency-Key\` on writes: within 24 hours the same key and request return the original response with \`idempotent_replay: true\`; the same key with a different request is a 422; while the first is still running, a 409 with \`Retry-After: 1\`. Validation runs first: a request that fails it (400) is not stored and does not use the key, so a corrected retry with the same key works (and a reused key with an invalid body answers 400, not 422); server errors are not stored either. \`idempotent_replay\` is on every record a write returns; a replayed error keeps the error envelope and carries the \`idempotent-replayed: true\` header.

**Limits.** 60 requests per minute per key (per client address without a key); every response carries \`x-ratelimit-limit\`, \`x-ratelimit-remaining\` and \`x-ratelimit-reset\`; over the limit, 429 with \`Retry-After: 60\`. Request bodies are limited to 1 MiB; a larger one is a 413 \`payload_too_large\`.

**Errors.** Every non-2xx response has the body \`{"error": {"type", "code", "message", "param"?, "details"?, "request_id"}}\`.

**Versioning.** Every response carries \`x-service-schema-version: ${SCHEMA_VERSION}\`.

**Examples.** The examples tell one test-mode story: Ada Obi (\`user_42\`) gets a USD wallet, a 500.00 top-up, a virtual card, a 20.00 coffee hold captured at 18.40 and refunded 4.60, an October statement and a proof-of-funds letter. Every error response lists an example body for each code it can carry. Webhook examples are signed with the example secret given under \`x-service-signature\`, so a receiver can test its signature check against them.

**Servers.** \`PUBLIC_BASE_URL\`, when the deployment sets it, is listed first; \`http://localhost:3000\` is the local development server (\`npm run dev\`).`;

export const LOCAL_DEVELOPMENT_SERVER: oas31.ServerObject = {
  url: "http://localhost:3000",
  description: "Local development (npm run dev)",
};

/** PUBLIC_BASE_URL (this deployment's public address) when set, then local development. */
export function documentServers(publicBaseUrl: string | undefined): oas31.ServerObject[] {
  const deployment = publicBaseUrl?.replace(/\/+$/, "");
  return deployment && deployment !== LOCAL_DEVELOPMENT_SERVER.url
    ? [{ url: deployment, description: "This deployment (PUBLIC_BASE_URL)" }, LOCAL_DEVELOPMENT_SERVER]
    : [LOCAL_DEVELOPMENT_SERVER];
}

let cached: ReturnType<typeof createDocument> | undefined;

/** Built once per process (PUBLIC_BASE_URL, like every setting, does not change while it runs). */
export function openApiDocument() {
  cached ??= buildDocument(documentServers(config().PUBLIC_BASE_URL));
  return cached;
}

function buildDocument(servers: oas31.ServerObject[]) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: PRODUCT_NAME,
      version: SCHEMA_VERSION,
      description: DESCRIPTION,
      contact: { name: `${PRODUCT_NAME} merchant console`, url: `${servers[0]?.url ?? ""}/merchant/sdk` },
      // The repository declares no open-source licence: the API and this document are proprietary.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers,
    tags: [
      { name: "Wallets", description: "Wallets hold a user's balance in one currency." },
      { name: "Cards", description: "Virtual cards drawing on a wallet." },
      {
        name: "Authorizations",
        description: "Card spends (holds), captures, refunds and the wallet transactions they post to the ledger.",
      },
      {
        name: "Authorization decisions",
        description:
          "The application's real-time decision endpoint: asked to approve (all or part) or decline each spend, with metadata, within a timeout.",
      },
      { name: "Test helpers", description: "Test mode only: fund a wallet, simulate a card tap." },
      {
        name: "Webhooks",
        description:
          "Events, their signed webhook deliveries (with every attempt) and replays, and the endpoints they go to with their health.",
      },
      { name: "Statements", description: "Statements of a wallet for a period, with a token anyone can verify." },
      { name: "Proofs", description: "Proof-of-address and proof-of-funds letters, checkable by account number." },
      {
        name: "Verification",
        description: "Public, keyless checks of statement tokens and proof letters (limited per client address).",
      },
      { name: "Treasury", description: "Public live-mode treasury figures." },
      {
        name: "Service",
        description: "Whether an instance and its database can serve, for load balancers and uptime checks.",
      },
    ],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: `An API key: \`sk_test_\` or \`sk_live_\` followed by 40 base62 characters. Scopes: ${SCOPES.map((s) => `\`${s}\``).join(", ")}. A key with no scope list holds them all.`,
        },
      },
    },
    paths: documentPaths(OPERATIONS),
    webhooks: webhookEvents,
  });
}
