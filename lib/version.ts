// The payload schema version of the API and of webhooks (spec section 9): the current entry of
// lib/schema-versions.json, so headers, envelopes and /webhooks/security can never disagree.
import { CURRENT_SCHEMA_VERSION } from "./schema-versions";

export const SCHEMA_VERSION: string = CURRENT_SCHEMA_VERSION.version;

/** The product's one name: the OpenAPI title, every public page, the console's brand. */
export const PRODUCT_NAME = "Wallet & Card Service";
