"use client";
// A navigation's list of links, marking the page the reader is on with aria-current for sighted and
// screen-reader users: the public pages' bar and an application's sidebar in the console.
import { cva } from "class-variance-authority";
import Link from "next/link";
import { usePathname } from "next/navigation";

/** `exact`: current only on that very path; otherwise also on the pages below it (a list and its items). */
export type NavItem = { href: string; label: string; exact?: boolean };

const listVariants = cva("flex", {
  variants: {
    variant: {
      bar: "flex-wrap items-center gap-x-1 gap-y-1 text-sm",
      // A row that scrolls sideways on a phone, a column beside the page from lg up.
      sidebar: "gap-1 overflow-x-auto lg:flex-col",
    },
  },
});

const linkVariants = cva("block rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500", {
  variants: {
    variant: { bar: "px-2 py-1.5", sidebar: "px-3 py-2 text-sm font-medium" },
    current: { true: "bg-indigo-50", false: "hover:bg-slate-100 hover:text-slate-900" },
  },
  compoundVariants: [
    { variant: "bar", current: true, className: "font-medium text-indigo-800" },
    { variant: "bar", current: false, className: "text-slate-700" },
    { variant: "sidebar", current: true, className: "text-indigo-700" },
    { variant: "sidebar", current: false, className: "text-slate-600" },
  ],
});

export function NavLinks({ items, variant }: { items: readonly NavItem[]; variant: "bar" | "sidebar" }) {
  const pathname = usePathname();
  return (
    <ul className={listVariants({ variant })}>
      {items.map((item) => {
        const current = item.exact ? pathname === item.href : pathname.startsWith(item.href);
        return (
          <li key={item.href} className={variant === "sidebar" ? "shrink-0" : undefined}>
            <Link
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={linkVariants({ variant, current })}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
