// Revokes an API key; the pipeline looks keys up on every request, so it stops working at once.
import type { Db } from "@/lib/db/client";

export async function revokeApiKey(db: Db, keyId: string, applicationId?: string): Promise<boolean> {
  const { count } = await db.apiKey.updateMany({
    where: { id: keyId, revokedAt: null, ...(applicationId ? { applicationId } : {}) },
    data: { revokedAt: new Date() },
  });
  return count === 1;
}
