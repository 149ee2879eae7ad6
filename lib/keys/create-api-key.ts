// Mints an API key: only its SHA-256 hash and display fragment are stored; the secret is returned once.
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { displayParts, hashKeySecret, mintKeySecret, type KeyMode } from "./api-key-secret";
import { normalizeAllowlist } from "./ip-allowlist";
import { isScope, SCOPES } from "./scopes";

export type CreateApiKeyInput = {
  applicationId: string;
  mode: KeyMode;
  name: string;
  scopes?: readonly string[];
  allowedIps?: readonly string[];
};

export async function createApiKey(db: Db, input: CreateApiKeyInput) {
  const unknown = (input.scopes ?? []).filter((s) => !isScope(s));
  if (unknown.length > 0) throw new Error(`Unknown scope(s): ${unknown.join(", ")}. Known: ${SCOPES.join(", ")}`);
  const secret = mintKeySecret(input.mode);
  const { prefix, last4 } = displayParts(secret);
  const record = await db.apiKey.create({
    data: {
      id: newId("key"),
      applicationId: input.applicationId,
      livemode: input.mode === "live",
      name: input.name,
      hashedKey: hashKeySecret(secret),
      prefix,
      last4,
      scopes: [...new Set(input.scopes ?? [])],
      allowedIps: normalizeAllowlist(input.allowedIps ?? []),
    },
  });
  return { record, secret };
}
