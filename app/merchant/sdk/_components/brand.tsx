// The console's wordmark.
import Link from "next/link";

export function Brand({ href = "/merchant/sdk" }: { href?: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-2 rounded font-semibold tracking-tight text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <span
        aria-hidden="true"
        className="grid h-7 w-7 place-items-center rounded-md bg-indigo-600 text-sm font-bold text-white"
      >
        W
      </span>
      <span>
        Wallet &amp; Card <span className="font-normal text-slate-500">Console</span>
      </span>
    </Link>
  );
}
