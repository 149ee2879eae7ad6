// Step 1 of the SDK pipeline: find the API key named by the Bearer header. The key is looked up
// on every request so that a revoked key stops working at once.
import { prisma } from "@/lib/db/client";
import { hashKeySecret, keyModeOf } from "@/lib/keys/api-key-secret";
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

export async function authenticate(request: Request): Promise<AuthOutcome> {
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
  const key = await prisma().apiKey.findUnique({ where: { hashedKey: hashKeySecret(secret) } });
  if (!key) return fail("invalid_api_key", "No API key matches the one provided.");
  if (key.revokedAt) return fail("revoked_api_key", "This API key has been revoked.");

  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Bookkeeping only: never let it fail or delay the request.
    prisma()
      .apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } })
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
