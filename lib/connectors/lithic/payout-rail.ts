// Lithic's side of the payout rail port (lib/payouts/payout-rail.ts): a live payout is an ACH credit
// (`POST /v1/payments`, type PAYMENT) from our Lithic financial account (LITHIC_FINANCIAL_ACCOUNT_TOKEN)
// to an external bank account Lithic knows (`POST /v1/external_bank_accounts`, made on the account's
// first payout and its token kept on our row). What Lithic reports next arrives as
// payment_transaction events (lithic-payment-mapping.ts). Mapping: docs/decisions/money-movement.md.
import { uuidOf } from "@/lib/cards/issue-card";
import { parseConfig } from "@/lib/config";
import {
  PayoutRailError,
  type PayoutRail,
  type RailAccount,
  type RailPayout,
  type SubmitHooks,
} from "@/lib/payouts/payout-rail";
import { lithicClient } from "./client";
import { classifyLithicError } from "./lithic-errors";

/**
 * Lithic's payment token for a payout: a UUID named by our payout id. Lithic takes a payment's
 * `token` as its idempotency key ("this token will become the transaction token"), so every retry of
 * one payout asks for the same payment and a lost answer never becomes a second one.
 */
export function lithicPaymentToken(payoutId: string): string {
  return uuidOf(`payout:${payoutId}`);
}

/** The port's error: Lithic refused the request as it was (4xx) is final; the rest is tried again. */
function railError(error: unknown, action: string): PayoutRailError {
  const failure = classifyLithicError(error);
  const reference = failure.debuggingRequestId ? ` (Lithic request ${failure.debuggingRequestId})` : "";
  return new PayoutRailError(
    `${action}: ${failure.status ? `${failure.status} ` : ""}${failure.message}${reference}`,
    failure.class !== "final",
  );
}

/** Lithic's owner and memo fields take printable ASCII only: accents folded, anything else dropped. */
export function lithicText(text: string, max: number): string {
  const folded = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .trim();
  return folded.slice(0, max);
}

async function externalAccountToken(payout: RailPayout, hooks: SubmitHooks): Promise<string> {
  if (payout.bankAccount.railAccountToken) return payout.bankAccount.railAccountToken;
  if (payout.identifiers.scheme !== "us_aba") throw new PayoutRailError("Lithic pays US (ACH) accounts only", false);
  let token: string;
  try {
    const created = await lithicClient().externalBankAccounts.create({
      // We only ever push money to it (an ACH credit), and have not proven who owns it: Lithic's
      // UNVERIFIED accounts are for exactly that; claiming EXTERNALLY_VERIFIED would not be true.
      verification_method: "UNVERIFIED",
      owner_type: payout.owner === "holder" ? "INDIVIDUAL" : "BUSINESS",
      owner: lithicText(payout.holderName, 100) || "Account holder",
      // Our record has no account type; ACH credits to savings accounts post the same way.
      type: "CHECKING",
      routing_number: payout.identifiers.routingNumber,
      account_number: payout.identifiers.accountNumber,
      country: "USA",
      currency: "USD",
      // Our bank account id, so Lithic's dashboard leads back to it.
      user_defined_id: payout.bankAccount.id,
    });
    token = created.token;
  } catch (error) {
    throw railError(error, "Creating the external bank account at Lithic failed");
  }
  await hooks.railAccountCreated(token);
  return token;
}

function refusal(account: RailAccount): string | null {
  if (account.country !== "US" || account.scheme !== "us_aba")
    return `Live payouts go through Lithic's ACH payments, which reach US bank accounts only; this account is ${account.country}.`;
  if (account.currency !== "USD")
    return `Live payouts go through Lithic's ACH payments, which are in USD only; this account is in ${account.currency}.`;
  return null;
}

export const lithicPayoutRail: PayoutRail = {
  name: "lithic",
  cancelableOnceSubmitted: false,
  refusal,

  async submit(payout, hooks) {
    const refused = refusal({ ...payout.bankAccount, scheme: payout.identifiers.scheme });
    if (refused) throw new PayoutRailError(refused, false);
    if (payout.amount > BigInt(Number.MAX_SAFE_INTEGER))
      throw new PayoutRailError(`The amount ${payout.amount} is beyond what Lithic's API carries`, false);
    const { LITHIC_FINANCIAL_ACCOUNT_TOKEN } = parseConfig(process.env);
    // Start-up refuses PAYOUT_RAIL_LIVE=lithic without it; a deployment that lost it may regain it.
    if (!LITHIC_FINANCIAL_ACCOUNT_TOKEN)
      throw new PayoutRailError("LITHIC_FINANCIAL_ACCOUNT_TOKEN is not set: no Lithic account to pay from", true);
    const externalBankAccountToken = await externalAccountToken(payout, hooks);
    const memo = lithicText(payout.description ?? "", 512);
    try {
      const payment = await lithicClient().payments.create({
        token: lithicPaymentToken(payout.id),
        type: "PAYMENT",
        amount: Number(payout.amount),
        financial_account_token: LITHIC_FINANCIAL_ACCOUNT_TOKEN,
        external_bank_account_token: externalBankAccountToken,
        method: "ACH_NEXT_DAY",
        // PPD for a person's account, CCD for a business's (NACHA's standard entry classes).
        method_attributes: { sec_code: payout.owner === "holder" ? "PPD" : "CCD" },
        // Our payout id: Lithic's events carry it back, so they find the payout (lithic-payment-mapping.ts).
        user_defined_id: payout.id,
        ...(memo ? { memo } : {}),
      });
      return { reference: payment.token };
    } catch (error) {
      const refused = railError(error, "Creating the payment at Lithic failed");
      if (refused.retry) throw refused;
      return { reference: await alreadyMade(lithicPaymentToken(payout.id), refused) };
    }
  },
};

/**
 * Lithic refused the create (a 4xx). A repeat of a create whose first answer was lost may be refused
 * because the payment exists: failing the payout then would release the hold while Lithic pays. So
 * the payment is read back by its token first: there, it is the submission; absent (404), the
 * refusal stands; unknown, the worker tries again.
 */
async function alreadyMade(token: string, refused: PayoutRailError): Promise<string> {
  try {
    return (await lithicClient().payments.retrieve(token)).token;
  } catch (error) {
    if (classifyLithicError(error).status === 404) throw refused;
    throw railError(error, `${refused.message}; reading the payment back failed`);
  }
}
