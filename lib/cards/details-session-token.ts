// The secret in a details page's link: random, shown once in the session's url, stored only as its
// SHA-256 (a database dump then opens no page). A hash without a salt is enough for 238 random bits.
import { createHash } from "node:crypto";
import { randomBase62 } from "@/lib/ids";

const TOKEN_FORM = /^cdt_[0-9A-Za-z]{40}$/;

export function mintDetailsToken(): string {
  return `cdt_${randomBase62(40)}`;
}

export function isDetailsToken(value: string): boolean {
  return TOKEN_FORM.test(value);
}

export function hashDetailsToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Where the details page lives, under the service's public base URL. */
export function detailsPageUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/card-details/${token}`;
}
