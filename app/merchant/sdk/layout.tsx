// The merchant console's root: titles its pages and keeps them out of search engines.
import type { Metadata } from "next";

export const metadata: Metadata = {
  title: { default: "Merchant console", template: "%s · Merchant console" },
  robots: { index: false, follow: false },
};

export default function ConsoleRootLayout({ children }: { children: React.ReactNode }) {
  return children;
}
