// Revokes an API key and returns only once the processes serving requests have forgotten it, so
// the key is refused from the next request on, whichever instance takes it.
import type { Db } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { apiKeyCache } from "./api-key-cache";

export type RevokeApiKeyOptions = {
  /** Only a key of this application. */
  applicationId?: string;
  /** Runs in the revoking transaction when the key was revoked (the console's audit line). */
  onRevoked?: (tx: Db) => Promise<void>;
};

// Bounds on how long a revocation waits: for this process's LISTEN session, then for every answer.
const LISTEN_WAIT_MS = 1_000;
const HEARD_WAIT_MS = 1_000;

/**
 * Takes the root client, not a transaction: the wait below must come after the commit, so this
 * function owns its transaction (work that must commit with it goes in `onRevoked`).
 */
export async function revokeApiKey(
  db: PrismaClient,
  keyId: string,
  options: RevokeApiKeyOptions = {},
): Promise<boolean> {
  const cache = apiKeyCache();
  // Listening before the commit, or this process (a CLI, say) would have nothing to wait on.
  await cache.whenListening(LISTEN_WAIT_MS);
  const watch = cache.watchRevocation(keyId);
  try {
    const revoked = await db.$transaction(async (tx) => {
      const { count } = await tx.apiKey.updateMany({
        where: {
          id: keyId,
          revokedAt: null,
          ...(options.applicationId ? { applicationId: options.applicationId } : {}),
        },
        data: { revokedAt: new Date() },
      });
      if (count === 1) await options.onRevoked?.(tx);
      return count === 1;
    });
    // Every process's LISTEN session forgets the key when the trigger's notification reaches it
    // and only then answers; once every such session on the database has answered, no process
    // serves the key from memory, so the next request anywhere is refused. (Hearing only our own
    // notification would not do: PostgreSQL signals all listeners at commit, but each sends on
    // its own schedule, and the other process reads it on its own.) A session that cannot answer
    // (connected after the commit, so it started from nothing; half-open; an older release) costs
    // the bound, and the revocation stands regardless.
    if (revoked) await watch.heardEverywhere(HEARD_WAIT_MS);
    return revoked;
  } finally {
    watch.stop();
  }
}
