// Turning two-factor sign-in on and off: a pending secret until the merchant proves their app
// reads it, then the secret in use and ten recovery codes; each change is audited.
import type { Db } from "@/lib/db/client";
import { ConsoleError } from "./errors";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { mailSecurityNotice } from "./mails";
import { replaceRecoveryCodes, unusedRecoveryCodes } from "./recovery-codes";
import { matchTotpStep, newTotpSecret, openTotpSecret, sealTotpSecret, totpUri } from "./totp";

async function loadMerchant(db: Db, merchantId: string) {
  const merchant = await db.merchantUser.findUnique({ where: { id: merchantId } });
  if (!merchant) throw ConsoleError.notFound("That account");
  return merchant;
}

export type TwoFactorStatus =
  | { state: "off" }
  | { state: "enrolling"; secret: string; uri: string }
  | { state: "on"; enabledAt: Date; recoveryCodesLeft: number };

export async function twoFactorStatus(db: Db, merchantId: string): Promise<TwoFactorStatus> {
  const merchant = await loadMerchant(db, merchantId);
  if (merchant.totpEnabledAt && merchant.totpSecretSealed)
    return {
      state: "on",
      enabledAt: merchant.totpEnabledAt,
      recoveryCodesLeft: await unusedRecoveryCodes(db, merchantId),
    };
  if (merchant.totpPendingSealed) {
    const secret = openTotpSecret(merchantId, merchant.totpPendingSealed);
    return { state: "enrolling", secret, uri: totpUri(merchant.email, secret) };
  }
  return { state: "off" };
}

/** Gives the merchant a new pending secret to add to their app (replacing any earlier pending one). */
export async function startTwoFactorEnrolment(db: Db, merchantId: string): Promise<void> {
  const merchant = await loadMerchant(db, merchantId);
  if (merchant.totpEnabledAt) throw ConsoleError.refused("Two-factor authentication is already on.");
  await db.merchantUser.update({
    where: { id: merchantId },
    data: { totpPendingSealed: sealTotpSecret(merchantId, newTotpSecret()) },
  });
}

/** Turns two-factor sign-in on once `code` shows the app has the pending secret; returns the recovery codes. */
export async function confirmTwoFactor(db: Db, context: AuditContext, code: string): Promise<string[]> {
  const merchant = await loadMerchant(db, context.merchantId);
  if (merchant.totpEnabledAt) throw ConsoleError.refused("Two-factor authentication is already on.");
  if (!merchant.totpPendingSealed) throw ConsoleError.refused("Start the set-up again: no secret is waiting.");
  const step = await matchTotpStep(openTotpSecret(context.merchantId, merchant.totpPendingSealed), code, null);
  if (step === null)
    throw ConsoleError.field(
      "code",
      "That code does not match. Check the app shows this account, then try the newest code.",
    );
  await db.merchantUser.update({
    where: { id: context.merchantId },
    // The code just used cannot sign in afterwards.
    data: {
      totpSecretSealed: merchant.totpPendingSealed,
      totpPendingSealed: null,
      totpEnabledAt: new Date(),
      totpLastStep: step,
    },
  });
  const codes = await replaceRecoveryCodes(db, context.merchantId);
  await recordAudit(db, context, { applicationId: null, action: "two_factor.enabled" });
  await mailSecurityNotice(db, merchant.email, "two_factor_on");
  return codes;
}

export async function disableTwoFactor(db: Db, context: AuditContext): Promise<void> {
  const merchant = await loadMerchant(db, context.merchantId);
  if (!merchant.totpEnabledAt) throw ConsoleError.refused("Two-factor authentication is already off.");
  await db.merchantUser.update({
    where: { id: context.merchantId },
    data: { totpSecretSealed: null, totpPendingSealed: null, totpEnabledAt: null, totpLastStep: null },
  });
  await db.recoveryCode.deleteMany({ where: { merchantId: context.merchantId } });
  await recordAudit(db, context, { applicationId: null, action: "two_factor.disabled" });
  await mailSecurityNotice(db, merchant.email, "two_factor_off");
}

/** New recovery codes in place of the old ones (used or not); returns them in clear, once. */
export async function regenerateRecoveryCodes(db: Db, context: AuditContext): Promise<string[]> {
  const merchant = await loadMerchant(db, context.merchantId);
  if (!merchant.totpEnabledAt) throw ConsoleError.refused("Turn on two-factor authentication first.");
  const codes = await replaceRecoveryCodes(db, context.merchantId);
  await recordAudit(db, context, { applicationId: null, action: "recovery_codes.regenerated" });
  return codes;
}
