// A link; underlined, so it stands out from the text around it by more than its colour.
import Link from "next/link";

export function TextLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="font-medium text-indigo-600 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-500 hover:decoration-indigo-500 focus:outline-none focus-visible:rounded focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      {children}
    </Link>
  );
}
