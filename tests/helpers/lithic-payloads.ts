// What Lithic sends us, built from its OpenAPI document (tests/fixtures/lithic) and checked against
// the document's own schemas for it, then signed as Lithic signs it (Standard Webhooks: webhook-id,
// webhook-timestamp, webhook-signature, an HMAC-SHA256 under the secret). The connector verifies with
// the Lithic SDK, so the two sides of the signature are not the same code.
import { randomUUID } from "node:crypto";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { signStandard } from "@/lib/webhooks/verify";
import { LITHIC_OPENAPI_DOCUMENT } from "./lithic-mock";

type Json = Record<string, unknown>;
type LithicDocument = {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> }; responses: Json } }>;
  components: { schemas: Record<string, Json & { examples?: Json[] }> };
};

let loaded: Promise<LithicDocument> | undefined;

/** The document with every $ref resolved (once per test file: under a second). */
export function lithicDocument(): Promise<LithicDocument> {
  loaded ??= SwaggerParser.dereference(LITHIC_OPENAPI_DOCUMENT) as unknown as Promise<LithicDocument>;
  return loaded;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** The errors of `payload` against the body schema of Lithic's webhook `name` (empty when it conforms). */
export async function webhookBodyErrors(name: string, payload: unknown): Promise<string[]> {
  const doc = await lithicDocument();
  const schema = doc.webhooks[name]?.post.requestBody.content["application/json"]?.schema;
  if (!schema) throw new Error(`Lithic's document has no webhook ${name}`);
  const validate = validatorFor(`webhook:${name}`, schema);
  return validate(payload) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The errors of `value` against the document's component schema `name`. */
export async function componentErrors(name: string, value: unknown): Promise<string[]> {
  const doc = await lithicDocument();
  const schema = doc.components.schemas[name];
  if (!schema) throw new Error(`Lithic's document has no schema ${name}`);
  const validate = validatorFor(`component:${name}`, schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const MERCHANT = {
  acceptor_id: "452322000053360",
  acquiring_institution_id: "333301802529120",
  city: "SAN FRANCISCO",
  country: "USA",
  descriptor: "SQ *SOMA EATS",
  mcc: "5812",
  state: "CA",
  postal_code: "94107",
  street_address: null,
  phone_number: null,
};

export type AsaOptions = {
  cardToken: string;
  /** Minor units of `currency`. */
  amount: number;
  currency?: string;
  /** The transaction's token; a new one unless given (an increment repeats its transaction's). */
  token?: string;
  status?: "AUTHORIZATION" | "BALANCE_INQUIRY" | "CREDIT_AUTHORIZATION" | "FINANCIAL_AUTHORIZATION";
  merchant?: Partial<typeof MERCHANT>;
  /** Whether the terminal accepts a partial approval (Lithic's pos.terminal.partial_approval_capable). */
  partialApprovalCapable?: boolean;
};

/** A card_authorization.approval_request with every field Lithic's document requires. */
export function asaRequest(options: AsaOptions): Json {
  const currency = options.currency ?? "USD";
  return {
    event_type: "card_authorization.approval_request",
    token: options.token ?? randomUUID(),
    status: options.status ?? "AUTHORIZATION",
    acquirer_fee: 0,
    amount: options.amount,
    authorization_amount: options.amount,
    merchant_amount: options.amount,
    settled_amount: 0,
    cash_amount: 0,
    cardholder_currency: currency,
    merchant_currency: currency,
    amounts: {
      cardholder: { amount: options.amount, conversion_rate: "1.000000", currency },
      merchant: { amount: options.amount, currency },
      settlement: null,
      hold: null,
    },
    avs: { address: "123 Evergreen Terrace", zipcode: "95006", address_on_file_match: "MATCH" },
    card: {
      token: options.cardToken,
      last_four: "4142",
      memo: "card",
      spend_limit: 0,
      spend_limit_duration: "TRANSACTION",
      state: "OPEN",
      type: "VIRTUAL",
    },
    created: new Date().toISOString(),
    merchant: { ...MERCHANT, ...options.merchant },
    pos: {
      entry_mode: { card: "NOT_PRESENT", cardholder: "NOT_PRESENT", pan: "ECOMMERCE", pin_entered: false },
      terminal: {
        attended: false,
        card_retention_capable: false,
        on_premise: false,
        operator: "UNKNOWN",
        partial_approval_capable: options.partialApprovalCapable ?? false,
        pin_capability: "NOT_CAPABLE",
        type: "ECOMMERCE",
      },
    },
    name_validation: null,
    service_location: null,
    transaction_initiator: "CARDHOLDER",
  };
}

export type TransactionEventOptions = {
  type: string;
  /** Minor units, signed as Lithic signs them. */
  amount: number;
  token?: string;
  result?: string;
  created?: string;
};

/**
 * A card_transaction.updated from the document's own example transaction, with its card, token,
 * status and events replaced (each event built on the example's one).
 */
export async function cardTransactionUpdated(options: {
  cardToken: string;
  token?: string;
  status?: string;
  currency?: string;
  events: TransactionEventOptions[];
}): Promise<Json> {
  const doc = await lithicDocument();
  const example = doc.components.schemas.card_transaction?.examples?.[0];
  if (!example) throw new Error("Lithic's document has no example card_transaction");
  const exampleEvent = (example.events as Json[])[0]!;
  const currency = options.currency ?? "USD";
  const start = Date.now() - 60_000;
  return {
    event_type: "card_transaction.updated",
    ...example,
    token: options.token ?? randomUUID(),
    card_token: options.cardToken,
    status: options.status ?? "PENDING",
    events: options.events.map((event, i) => ({
      ...exampleEvent,
      token: event.token ?? randomUUID(),
      type: event.type,
      result: event.result ?? "APPROVED",
      detailed_results: [event.result ?? "APPROVED"],
      created: event.created ?? new Date(start + i * 1000).toISOString(),
      amount: event.amount,
      amounts: {
        cardholder: { amount: event.amount, conversion_rate: "1.000000", currency },
        merchant: { amount: event.amount, currency },
        settlement: null,
      },
    })),
  };
}

/** A whsec_ secret as Lithic issues them (base64 of random bytes). */
export function lithicSecret(): string {
  return `whsec_${Buffer.from(randomUUID().replaceAll("-", ""), "hex").toString("base64")}`;
}

/** The body as sent and the headers Lithic signs it with; `timestampSeconds` to sign an old one. */
export function signedByLithic(
  payload: unknown,
  secret: string,
  { id = `msg_${randomUUID()}`, timestampSeconds = Math.floor(Date.now() / 1000) } = {},
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(timestampSeconds),
      "webhook-signature": signStandard(id, timestampSeconds, body, secret),
    },
  };
}

export type PaymentEventOptions = {
  type: string;
  result?: "APPROVED" | "DECLINED";
  /** Lithic's detailed_results, e.g. FUNDS_INSUFFICIENT for a decline. */
  detail?: string;
};

/**
 * A payment_transaction.created or .updated from the document's own example (an ACH payment),
 * turned into a payment we originated to pay out (ORIGINATION_CREDIT, money leaving the financial
 * account, amounts negative as Lithic signs them), with its token, our payout id, status and events.
 */
export async function paymentTransactionEvent(options: {
  kind?: "payment_transaction.created" | "payment_transaction.updated";
  token: string;
  userDefinedId: string | null;
  amount: number;
  status: string;
  events: PaymentEventOptions[];
  type?: string;
  returnReasonCode?: string | null;
}): Promise<Json> {
  const kind = options.kind ?? "payment_transaction.updated";
  const doc = await lithicDocument();
  const example =
    doc.components.schemas[
      kind === "payment_transaction.created" ? "payment-transaction-created" : "payment-transaction-updated"
    ]?.examples?.[0];
  if (!example) throw new Error(`Lithic's document has no example for ${kind}`);
  const start = Date.now() - 60_000;
  const settled = options.status === "SETTLED" ? -options.amount : 0;
  return {
    event_type: kind,
    ...example,
    token: options.token,
    user_defined_id: options.userDefinedId,
    status: options.status,
    result: options.events.some((event) => event.result === "DECLINED") ? "DECLINED" : "APPROVED",
    direction: "CREDIT",
    type: options.type ?? "ORIGINATION_CREDIT",
    descriptor: "ach_origination_credit",
    pending_amount: settled === 0 ? -options.amount : 0,
    settled_amount: settled,
    method_attributes: {
      ...(example.method_attributes as Json),
      sec_code: "PPD",
      return_reason_code: options.returnReasonCode ?? null,
    },
    events: options.events.map((event, i) => ({
      amount: -options.amount,
      created: new Date(start + i * 1000).toISOString(),
      result: event.result ?? "APPROVED",
      detailed_results: [event.detail ?? event.result ?? "APPROVED"],
      token: randomUUID(),
      type: event.type,
    })),
  };
}
