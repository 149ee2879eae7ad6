// The payload schema version of the API and of webhooks (spec section 9).
export const SCHEMA_VERSION = "1.1";
