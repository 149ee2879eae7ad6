// Absolute links into the console for emails, which are read outside any request: on the console's
// base URL by the rule lib/console/auth-options.ts applies to its own links (NEXTAUTH_URL, else
// PUBLIC_BASE_URL, else HOST and PORT). Kept here so domain code (the delivery engine's notice of a
// disabled endpoint) can build one without importing the console.
import { config, DEFAULT_PORT } from "@/lib/config";

export function consoleLink(path: string, token?: string): string {
  const { NEXTAUTH_URL, PUBLIC_BASE_URL, HOST, PORT } = config();
  const base =
    NEXTAUTH_URL ||
    (PUBLIC_BASE_URL ?? `http://${HOST && HOST !== "0.0.0.0" ? HOST : "localhost"}:${PORT ?? DEFAULT_PORT}`);
  const url = new URL(`/merchant/sdk${path}`, base);
  if (token) url.searchParams.set("token", token);
  return url.toString();
}

export const MAIL_SIGNATURE =
  "\n\n— Wallet Card Service\nYou get this email because of your account on the Wallet Card Service console.";
