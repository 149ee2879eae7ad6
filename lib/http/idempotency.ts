// Step 4 of the pipeline: Idempotency-Key on writes (docs/decisions/idempotency.md). A key is claimed by one
// committed insert, so racing requests see each other; the result is stored in the same
// transaction as the write's side effects, so a crash can never leave a change without its record.
// Stored responses are sealed with SECRETS_KEY: some carry a secret shown once (a statement's
// verification token), and a replay must show it again without it lying in the clear at rest.
import { createHash } from "node:crypto";
import { isSealed, seal, unseal } from "@/lib/crypto/secret-box";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { canonicalJson } from "./canonical-json";
import { ApiError } from "./errors";

const WINDOW_MS = 24 * 60 * 60 * 1000;
// Longer than the longest write transaction: a claim older than this belonged to a process that
// died, and its transaction rolled back, so another request may take the key over safely.
const LOCK_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

// Bound to the record's id, so a sealed response copied onto another key's record does not open.
const sealContext = (recordId: string) => `idempotency-response:${recordId}`;

export function sealStoredResponse(recordId: string, body: string): string {
  return seal(body, sealContext(recordId));
}

/** The response as first sent; a record stored before responses were sealed (a JSON body) reads as it is. */
export function openStoredResponse(recordId: string, stored: string): string {
  return isSealed(stored) ? unseal(stored, sealContext(recordId)) : stored;
}

export type IdempotencyScope = { applicationId: string; livemode: boolean; key: string };
export type Claim = { kind: "claimed"; recordId: string } | { kind: "replay"; status: number; body: string };

export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get("idempotency-key");
  if (key === null) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError("invalid_idempotency_key", "Idempotency-Key must be 1-255 visible ASCII characters.", {
      param: "Idempotency-Key",
    });
  }
  return key;
}

export function requestFingerprint(method: string, pathname: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${pathname}\n${canonicalJson(body)}`)
    .digest("hex");
}

export async function claimIdempotencyKey(scope: IdempotencyScope, fingerprint: string): Promise<Claim> {
  const db = prisma();
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const inserted = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO "IdempotencyRecord"
        ("id", "applicationId", "livemode", "key", "requestHash", "state", "lockedUntil", "createdAt", "expiresAt")
      VALUES (${newId("idem")}, ${scope.applicationId}, ${scope.livemode}, ${scope.key}, ${fingerprint},
        'in_progress', ${new Date(now.getTime() + LOCK_MS)}, ${now}, ${new Date(now.getTime() + WINDOW_MS)})
      ON CONFLICT ("applicationId", "livemode", "key") DO NOTHING
      RETURNING "id"`;
    if (inserted[0]) return { kind: "claimed", recordId: inserted[0].id };

    const existing = await db.idempotencyRecord.findUnique({
      where: {
        applicationId_livemode_key: { applicationId: scope.applicationId, livemode: scope.livemode, key: scope.key },
      },
    });
    if (!existing) continue;
    if (existing.expiresAt <= now) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, expiresAt: { lte: now } } });
      continue;
    }
    if (existing.requestHash !== fingerprint) {
      throw new ApiError(
        "idempotency_key_reused",
        "This Idempotency-Key was already used with a different request (method, path or body) in the last 24 hours.",
        { param: "Idempotency-Key" },
      );
    }
    if (existing.state === "completed" && existing.responseStatus !== null && existing.responseBody !== null) {
      return {
        kind: "replay",
        status: existing.responseStatus,
        body: openStoredResponse(existing.id, existing.responseBody),
      };
    }
    if (existing.lockedUntil > now) {
      throw new ApiError("idempotency_in_progress", "A request with this Idempotency-Key is still being processed.", {
        headers: { "retry-after": "1" },
      });
    }
    const taken = await db.idempotencyRecord.updateMany({
      where: { id: existing.id, state: "in_progress", lockedUntil: { lte: now } },
      data: { lockedUntil: new Date(now.getTime() + LOCK_MS) },
    });
    if (taken.count === 1) return { kind: "claimed", recordId: existing.id };
  }
  throw new ApiError("idempotency_in_progress", "A request with this Idempotency-Key is still being processed.", {
    headers: { "retry-after": "1" },
  });
}

/** Stores the response; pass the write's transaction so record and side effects commit together. */
export async function completeIdempotencyKey(
  db: Prisma.TransactionClient | ReturnType<typeof prisma>,
  recordId: string,
  status: number,
  body: string,
): Promise<void> {
  // A raw statement: on every write, the ORM's query planning would cost more than the update.
  const count = await db.$executeRaw`
    UPDATE "IdempotencyRecord"
    SET "state" = 'completed', "responseStatus" = ${status}, "responseBody" = ${sealStoredResponse(recordId, body)}
    WHERE "id" = ${recordId}`;
  if (count !== 1) throw new Error(`idempotency record ${recordId} vanished before its response was stored`);
}

/** Frees the key after a failure that must not be replayed (5xx), so a retry can run afresh. */
export async function releaseIdempotencyKey(recordId: string): Promise<void> {
  await prisma().idempotencyRecord.deleteMany({ where: { id: recordId, state: "in_progress" } });
}
