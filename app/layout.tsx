import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import "./globals.css";
import { PRODUCT_NAME } from "@/lib/version";

export const metadata: Metadata = {
  title: { default: PRODUCT_NAME, template: `%s · ${PRODUCT_NAME}` },
  description: "Wallets and virtual cards for your users, signed webhooks, and public verification.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: its scripts carry that request's CSP nonce (proxy.ts), and a
  // page prerendered at build time would have none, so its scripts would be refused.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
