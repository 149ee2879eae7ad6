// Runs a write inside one transaction, honouring Idempotency-Key: the stored response commits
// with the write's own changes, refusals that began executing are stored too, and failures that
// must not be replayed (400 validation, 5xx) release the key so a corrected retry can run.
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma, transaction } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/database-unavailable";
import { retryWhileUnavailable } from "@/lib/db/retry-while-unavailable";
import type { Tenant } from "@/lib/tenant";
import { DomainError, errorBody, errorStatus } from "./errors";
import { renderResult, replayText, type HandlerResult, type RenderedResult } from "./handler-result";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  readIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
} from "./idempotency";
import { countIdempotentReplay } from "@/lib/metrics/metrics";

type WriteContext = {
  request: Request;
  tenant: Tenant;
  rawBody: unknown;
  requestId: string;
  headers: Headers;
};

/**
 * `prepare`, when given, runs after the key is claimed (so a replay never runs it) and before the
 * transaction, outside it, holding no connection: work that waits on the network (a spend's decision
 * endpoint). Its result goes to `execute`; its refusals are kept like the transaction's.
 */
export async function runWrite<P = undefined>(
  ctx: WriteContext,
  execute: (tx: Prisma.TransactionClient, prepared: P | undefined) => Promise<HandlerResult>,
  prepare?: () => Promise<P>,
): Promise<RenderedResult> {
  const key = readIdempotencyKey(ctx.request);
  if (!key) {
    const prepared = prepare ? await prepare() : undefined;
    return transaction(async (tx) => renderResult(await execute(tx, prepared), ctx.requestId, true));
  }

  const fingerprint = requestFingerprint(ctx.request.method, new URL(ctx.request.url).pathname, ctx.rawBody ?? null);
  const claim = await claimIdempotencyKey({ ...ctx.tenant, key }, fingerprint);
  if (claim.kind === "replay") {
    ctx.headers.set("idempotent-replayed", "true");
    countIdempotentReplay();
    return { status: claim.status, text: replayText(claim.status, claim.body) };
  }
  try {
    const prepared = prepare ? await prepare() : undefined;
    return await transaction(async (tx) => {
      const rendered = renderResult(await execute(tx, prepared), ctx.requestId, true);
      await completeIdempotencyKey(tx, claim.recordId, rendered.status, rendered.text);
      return rendered;
    });
  } catch (error) {
    // A domain refusal (DomainError, ApiError included) is an answer to keep; anything else is not.
    if (error instanceof DomainError && isStoredRefusal(errorStatus(error.code))) {
      await completeIdempotencyKey(
        prisma(),
        claim.recordId,
        errorStatus(error.code),
        JSON.stringify(errorBody(error, ctx.requestId)),
      );
    } else {
      await releaseIdempotencyKey(claim.recordId).catch((releaseError: unknown) => {
        // The database went away mid-write: release the key once it is back (not awaited, the client
        // has its 503 now), so the client's retry runs instead of meeting idempotency_in_progress
        // until the key's one-minute lock runs out.
        if (isDatabaseUnavailable(releaseError))
          void retryWhileUnavailable(() => releaseIdempotencyKey(claim.recordId), { giveUpAfterMs: 60_000 }).catch(
            () => undefined,
          );
      });
    }
    throw error;
  }
}

function isStoredRefusal(status: number): boolean {
  return status > 400 && status < 500 && status !== 401 && status !== 429;
}
