// Authentication codes for tests, as the merchant's authenticator app would show them. A code is
// computed in one 30-second step and checked by the server a moment later, which accepts one step
// either side of its own; a step ending in between would shift the code's offset by one and turn an
// accepted code into a refused one (or the reverse). So a code is only taken with time to spare.
import { generate } from "otplib";
import type { AuditContext } from "@/lib/audit/record-audit";
import { confirmTwoFactor, startTwoFactorEnrolment, twoFactorStatus } from "@/lib/console/two-factor";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sleep } from "./wait-until";

const STEP_SECONDS = 30;

/**
 * The code of the step `offset` steps from now, taken once at least `marginSeconds` remain in the
 * current step: 5 s covers a call in-process; a browser round trip wants more.
 */
export async function totpCodeAt(secret: string, offset: number, marginSeconds = 5): Promise<string> {
  const left = STEP_SECONDS - ((Date.now() / 1000) % STEP_SECONDS);
  if (left < marginSeconds) await sleep(left * 1000 + 50);
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * STEP_SECONDS });
}

/**
 * Turns two-factor on for a merchant as the account page does, confirming with the previous step's
 * code so the current and next steps are still unused for the sign-in a test makes next.
 */
export async function enrolTwoFactor(db: PrismaClient, context: AuditContext) {
  await startTwoFactorEnrolment(db, context.merchantId);
  const status = await twoFactorStatus(db, context.merchantId);
  if (status.state !== "enrolling") throw new Error("expected a pending secret");
  const code = await totpCodeAt(status.secret, -1);
  const recoveryCodes = await db.$transaction((tx) => confirmTwoFactor(tx, context, code));
  return { secret: status.secret, recoveryCodes };
}
