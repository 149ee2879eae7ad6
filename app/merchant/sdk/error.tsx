"use client";
// What every console page (sign-in included) shows when it fails to render. While the service is
// briefly unavailable it says so and comes back by itself; any other failure gets the error's
// digest, which the server logged the real error under, and a "Try again".
import { Brand } from "@/app/merchant/sdk/_components/brand";
import { buttonVariants } from "@/components/ui/button";
import { useServiceRecovery } from "@/app/merchant/sdk/_components/use-service-recovery";

export default function ConsoleError({ error, retry }: { error: unknown; retry: () => void }) {
  const state = useServiceRecovery(error, retry);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-slate-50 to-indigo-50/60 px-4 py-12">
      <div className="mb-8">
        <Brand />
      </div>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        {state === "checking" ? (
          <p role="status" className="text-sm text-slate-600">
            Checking the service…
          </p>
        ) : state === "unavailable" ? (
          <Unavailable />
        ) : (
          <Failed digest={digestOf(error)} retry={retry} />
        )}
      </div>
    </main>
  );
}

function Unavailable() {
  return (
    <div role="alert">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">The service is briefly unavailable</h1>
      <p className="mt-2 text-sm text-slate-600">
        It is probably restarting or being updated. This page tries again by itself every few seconds and comes back as
        soon as the service answers: there is no need to reload it.
      </p>
      <p className="mt-5 inline-flex items-center gap-2 text-xs text-slate-500">
        <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-amber-500" />
        Retrying automatically
      </p>
    </div>
  );
}

function Failed({ digest, retry }: { digest: string | undefined; retry: () => void }) {
  return (
    <div role="alert">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-sm text-slate-600">
        This page could not be shown. Try again; if it keeps failing, quote the reference below when you ask for help.
      </p>
      {digest ? (
        <p className="mt-3 text-xs text-slate-500">
          Reference <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700">{digest}</code>
        </p>
      ) : null}
      <div className="mt-6">
        <button type="button" onClick={retry} className={buttonVariants({ variant: "primary" })}>
          Try again
        </button>
      </div>
    </div>
  );
}

/** Next gives a server-side failure a digest (the id in the server's log); a client-side one has none. */
function digestOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("digest" in error)) return undefined;
  return typeof error.digest === "string" ? error.digest : undefined;
}
