// Step 1 of the SDK pipeline: find the API key named by the Bearer header. Keys come from this
// process's cache (lib/keys/api-key-cache.ts), which forgets a key the moment it changes anywhere,
// so a revoked key still stops working at once.
import { prisma } from "@/lib/db/client";
import { apiKeyCache } from "@/lib/keys/api-key-cache";
import { hashKeySecret, keyModeOf } from "@/lib/keys/api-key-secret";
import { clientAddress } from "./client-address";
import { ApiError } from "./errors";

export type SdkAuth = {
  keyId: string;
  applicationId: string;
  livemode: boolean;
  scopes: string[];
  allowedIps: string[];
};

export type AuthOutcome = { ok: true; auth: SdkAuth } | { ok: false; error: ApiError };

const LAST_USED_RESOLUTION_MS = 60_000;

/** `address` is the caller's (clientAddress), noted on the key with the time it was last used. */
export async function authenticate(request: Request, address = clientAddress(request)): Promise<AuthOutcome> {
  const header = request.headers.get("authorization");
  if (!header) {
    return fail("missing_api_key", "Send your API key as `Authorization: Bearer sk_test_...` (or sk_live_...).");
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const secret = match?.[1];
  if (!secret || !keyModeOf(secret)) {
    return fail(
      "invalid_api_key",
      "The Authorization header must be `Bearer ` followed by an sk_test_ or sk_live_ key.",
    );
  }
  const key = await apiKeyCache().find(hashKeySecret(secret));
  if (!key) return fail("invalid_api_key", "No API key matches the one provided.");
  if (key.revokedAt) return fail("revoked_api_key", "This API key has been revoked.");

  const now = new Date();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Noted on the (possibly cached) entry first, so this process writes it once a minute at most.
    // The address rides along and is as fresh as the time: a key used from several servers in turn
    // must not cost a write on every request.
    key.lastUsedAt = now;
    key.lastUsedAddress = address;
    // Bookkeeping only: never let it fail or delay the request.
    prisma()
      .apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now, lastUsedAddress: address } })
      .catch(() => undefined);
  }
  return {
    ok: true,
    auth: {
      keyId: key.id,
      applicationId: key.applicationId,
      livemode: key.livemode,
      scopes: key.scopes,
      allowedIps: key.allowedIps,
    },
  };
}

function fail(code: "missing_api_key" | "invalid_api_key" | "revoked_api_key", message: string): AuthOutcome {
  return { ok: false, error: new ApiError(code, message) };
}
