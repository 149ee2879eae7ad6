// The device cookie: set in a browser at each completed console sign-in, it names that browser
// (a random device id) and the merchant who signed in there, HMAC'd with a key derived from the
// session secret. A sign-in attempt carrying a valid one for the account being tried is counted per
// device instead of per account, so strangers spending the account's budget cannot lock its owner
// out of their own browser (docs/decisions/sign-in-lockout.md).
import { createHmac, timingSafeEqual } from "node:crypto";
import { randomBase62 } from "@/lib/ids";

export const DEVICE_COOKIE = "console-device";
/** A year: the browser stays known as long as the merchant keeps signing in from it. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function mac(secret: string, payload: string): Buffer {
  const key = createHmac("sha256", secret).update("console-device-cookie").digest();
  return createHmac("sha256", key).update(payload).digest();
}

/** `deviceId.merchantId.mac`; keeps `deviceId` when the browser already has one. */
export function signDeviceCookie(secret: string, merchantId: string, deviceId = `dev_${randomBase62(24)}`): string {
  const payload = `${deviceId}.${merchantId}`;
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** The cookie's parts when its mac is right, whoever it names; null for a missing, forged or garbled one. */
export function readDeviceCookie(
  secret: string,
  value: string | undefined,
): { deviceId: string; merchantId: string } | null {
  const parts = value && value.length <= 200 ? /^([^.]+)\.([^.]+)\.([^.]+)$/.exec(value) : null;
  if (!parts?.[1] || !parts[2] || !parts[3]) return null;
  const [, deviceId, merchantId, given] = parts;
  const expected = mac(secret, `${deviceId}.${merchantId}`);
  const actual = Buffer.from(given, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { deviceId, merchantId };
}

/** The device id when the cookie is valid and was set by `merchantId`'s own sign-in; null otherwise. */
export function knownDevice(secret: string, value: string | undefined, merchantId: string): string | null {
  const read = readDeviceCookie(secret, value);
  return read && read.merchantId === merchantId ? read.deviceId : null;
}

/** The device cookie's value from a Cookie header, if there is one. */
export function deviceCookieFromHeader(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const cut = part.indexOf("=");
    // Not URI-decoded: a value we set needs no decoding, and a malformed escape must not throw.
    if (cut > 0 && part.slice(0, cut).trim() === DEVICE_COOKIE) return part.slice(cut + 1).trim();
  }
  return undefined;
}
