// The address merchants call the API at, for snippets: PUBLIC_BASE_URL, or the host this page was served from.
import { headers } from "next/headers";
import { config } from "@/lib/config";

export async function publicBaseUrl(): Promise<string> {
  const configured = config().PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/$/, "");
  const h = await headers();
  const host = h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${host}`;
}
