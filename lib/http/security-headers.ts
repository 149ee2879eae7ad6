// The browser-facing security headers: a fixed set on every API answer (nothing to render, nothing
// to frame), and for pages a Content-Security-Policy with a fresh nonce per request, set by
// proxy.ts. The card-details page (app/card-details/) sets its own CSP, framed by one origin, and
// adds pageSecurityHeaders to it (all but X-Frame-Options, which can name no origin).
import { config } from "@/lib/config";

// API answers are JSON: no content of theirs may run or load anything, and none may be framed.
const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["x-content-type-options", "nosniff"],
  ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
];

/** Sets the API's security headers (constants: no per-request work on the API path). */
export function setApiSecurityHeaders(headers: Headers): void {
  for (const [name, value] of API_SECURITY_HEADERS) headers.set(name, value);
  const hsts = strictTransportSecurity();
  if (hsts) headers.set("strict-transport-security", hsts);
}

let hstsValue: string | null | undefined;

/**
 * HSTS when the service is published over https (PUBLIC_BASE_URL), a year, subdomains left alone (the
 * service may share a domain with sites of the operator's that are not ours). Read once: the setting
 * does not change while the process runs.
 */
export function strictTransportSecurity(): string | null {
  if (hstsValue === undefined) {
    const base = config().PUBLIC_BASE_URL;
    hstsValue = base?.startsWith("https:") ? "max-age=31536000" : null;
  }
  return hstsValue;
}

/** The page CSP for one response. `development`: Next's dev server needs eval for its fast refresh. */
export function pageContentSecurityPolicy(nonce: string, development = false): string {
  return [
    "default-src 'self'",
    // A nonce per request, and scripts those scripts load (Next's chunks, RapiDoc's bundle on /docs);
    // no inline script runs without the nonce. 'self' is for browsers without CSP 3 'strict-dynamic'.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // 'unsafe-inline' for styles only: React's style={...} attributes (the pages' bars, widths,
    // colours) and RapiDoc's styles in its shadow roots cannot carry a nonce. Styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // data: for the two-factor enrolment QR code, which is drawn into a data URL.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // GitHub sign-in leaves for github.com.
    "form-action 'self' https://github.com",
    // Nobody frames a page of ours (one click on a framed keys page revokes a key).
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Every page's headers but the CSP (which carries the request's nonce). */
export function pageSecurityHeaders(): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ["x-content-type-options", "nosniff"],
    // Older browsers that know no frame-ancestors.
    ["x-frame-options", "DENY"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    // Nothing here uses a device or a sensor; clipboard-write stays ours (the copy buttons).
    [
      "permissions-policy",
      "accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), " +
        "geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), " +
        "picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), usb=(), " +
        "xr-spatial-tracking=(), clipboard-read=(), clipboard-write=(self)",
    ],
  ];
  const hsts = strictTransportSecurity();
  if (hsts) headers.push(["strict-transport-security", hsts]);
  return headers;
}

/** A nonce for one response: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
