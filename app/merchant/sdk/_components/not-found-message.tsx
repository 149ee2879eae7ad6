// What the console says about a page or object that is not there (or is another merchant's: the two
// look the same on purpose), with the way back.
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";

export function NotFoundMessage({ backHref, backLabel }: { backHref: string; backLabel: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        There is nothing at this address, or it belongs to another account. Check the link, or go back and find it from
        the list.
      </p>
      <div className="mt-6">
        <Link href={backHref} className={buttonVariants({ variant: "primary" })}>
          {backLabel}
        </Link>
      </div>
    </div>
  );
}
