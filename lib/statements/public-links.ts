// Public links printed on statements and letters: the verify page URL and its QR code (SVG).
import QRCode from "qrcode";
import { config } from "@/lib/config";

/** PUBLIC_BASE_URL when configured, else the origin the request came to. */
export function publicBaseUrl(requestOrigin: string): string {
  return (config().PUBLIC_BASE_URL ?? requestOrigin).replace(/\/+$/, "");
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
