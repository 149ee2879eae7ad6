// Public links printed on statements and letters: the verify page URL and its QR code (SVG).
import QRCode from "qrcode";
import { config } from "@/lib/config";

/**
 * PUBLIC_BASE_URL when configured, else the origin the client addressed: the Host header (Next.js
 * rewrites the request URL's host to its own bind name), with the scheme a trusted proxy reports.
 */
/**
 * The address clients reach us at, for verify links, QR codes and console snippets: PUBLIC_BASE_URL,
 * else the Host the request named (with https only when a trusted proxy says so).
 */
export function publicBaseUrl(headers: Headers, requestUrl = "http://localhost"): string {
  const configured = config().PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const url = new URL(requestUrl);
  const forwardedProto = headers.get("x-forwarded-proto");
  const proto = config().TRUSTED_PROXY_COUNT > 0 && forwardedProto === "https" ? "https:" : url.protocol;
  const host = headers.get("host");
  return `${proto}//${host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : url.host}`;
}

export function statementVerifyUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/verify?token=${encodeURIComponent(token)}`;
}

export function proofVerifyUrl(baseUrl: string, account: string, kind: string, reference: string): string {
  const query = new URLSearchParams({ account, kind, reference });
  return `${baseUrl}/verify/proof?${query.toString()}`;
}

export function qrCodeSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
