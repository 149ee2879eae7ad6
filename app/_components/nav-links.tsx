"use client";
// The public navigation's links, marking the page the reader is on with aria-current.
import Link from "next/link";
import { usePathname } from "next/navigation";

const PUBLIC_NAV = [
  { href: "/docs", label: "API docs" },
  { href: "/verify", label: "Verify a statement" },
  { href: "/verify/proof", label: "Verify a letter" },
  { href: "/treasury", label: "Treasury" },
  { href: "/webhooks/security", label: "Webhooks" },
] as const;

export function NavLinks() {
  const pathname = usePathname();
  return (
    <ul className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm">
      {PUBLIC_NAV.map((item) => {
        const current = pathname === item.href;
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={`block rounded-md px-2 py-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                current
                  ? "bg-indigo-50 font-medium text-indigo-800"
                  : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              }`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
