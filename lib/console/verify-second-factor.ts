// Checks an authentication code (from the authenticator app) or a recovery code for a merchant with
// two-factor sign-in: each is accepted once, and attempts are rate limited per account and address.
import type { Db } from "@/lib/db/client";
import { attemptLimit } from "./attempt-limits";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { useRecoveryCode } from "./recovery-codes";
import { looksLikeTotpCode, matchTotpStep, openTotpSecret } from "./totp";

// Six digits with three steps accepted at a time: 10 guesses per 15 minutes leave an attacker about
// one chance in 35,000 per day.
export const CODE_LIMITS = {
  perAddress: { limit: 30, windowSeconds: 15 * 60 },
  perAccount: { limit: 10, windowSeconds: 15 * 60 },
};

const checkCodeAttempt = attemptLimit("console-2fa-code", CODE_LIMITS, "code");

/**
 * True when `code` is the merchant's current TOTP code (not used before) or an unused recovery code,
 * which it then uses up. Pass a transaction so a used recovery code and its audit line commit together.
 */
export async function verifySecondFactor(db: Db, context: AuditContext, code: string): Promise<boolean> {
  await checkCodeAttempt({ address: context.ipAddress ?? "unknown", account: context.merchantId });
  const merchant = await db.merchantUser.findUnique({
    where: { id: context.merchantId },
    select: { totpSecretSealed: true, totpLastStep: true },
  });
  if (!merchant?.totpSecretSealed) return false;
  if (looksLikeTotpCode(code)) {
    const secret = openTotpSecret(context.merchantId, merchant.totpSecretSealed);
    const step = await matchTotpStep(secret, code, merchant.totpLastStep);
    if (step === null) return false;
    // Conditional on the step read above, so the same code sent twice at once is accepted once.
    const { count } = await db.merchantUser.updateMany({
      where: { id: context.merchantId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return count === 1;
  }
  if (!(await useRecoveryCode(db, context.merchantId, code))) return false;
  await recordAudit(db, context, { applicationId: null, action: "recovery_code.used" });
  return true;
}
