// What the sign-in form hears back from next-auth when the password was right but a code is needed
// or was refused (next-auth passes a thrown message to the client as its error code).
export const SECOND_FACTOR_REQUIRED = "SecondFactorRequired";
export const SECOND_FACTOR_REFUSED = "SecondFactorRefused";

/** What a merchant reads when a code is wrong or was used before, wherever they typed it. */
export const CODE_REFUSED_MESSAGE = "That code is not valid, or it was already used.";

/** Where a visitor who signed in through GitHub gives their second factor before the console opens. */
export const SECOND_FACTOR_PATH = "/merchant/sdk/sign-in/verify";

export type ConsoleAccess =
  | { state: "signed-out" }
  | { state: "second-factor-pending"; merchantId: string }
  | { state: "signed-in"; merchantId: string };

/**
 * Who a session lets into the console. A session still owing its second factor (a GitHub sign-in of a
 * merchant with two-factor on) opens no console page or action, only the second-step page.
 */
export function consoleAccess(
  session: { user?: { id?: string }; secondFactorPending?: boolean } | null,
): ConsoleAccess {
  const merchantId = session?.user?.id;
  if (!merchantId) return { state: "signed-out" };
  if (session.secondFactorPending) return { state: "second-factor-pending", merchantId };
  return { state: "signed-in", merchantId };
}
