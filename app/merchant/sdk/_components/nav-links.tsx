"use client";
// The application's left navigation, marking the current page for sighted and screen-reader users.
import Link from "next/link";
import { usePathname } from "next/navigation";

const sections = [
  { path: "", label: "Overview" },
  { path: "/keys", label: "API keys" },
  { path: "/webhooks", label: "Webhooks" },
  { path: "/wallets", label: "Wallets" },
  { path: "/events", label: "Events" },
  { path: "/logs", label: "Request log" },
  { path: "/audit", label: "Audit log" },
];

export function NavLinks({ base }: { base: string }) {
  const pathname = usePathname();
  return (
    <ul className="flex gap-1 overflow-x-auto lg:flex-col">
      {sections.map((section) => {
        const href = `${base}${section.path}`;
        const current = section.path === "" ? pathname === href : pathname.startsWith(href);
        return (
          <li key={section.path} className="shrink-0">
            <Link
              href={href}
              aria-current={current ? "page" : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                current ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              }`}
            >
              {section.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
