"use client";
// Sends the code through next-auth's session update; the server checks it in the jwt callback and
// clears the session's "second factor pending" mark only for a right, unused code.
import { useRouter } from "next/navigation";
import { SessionProvider, signOut, useSession } from "next-auth/react";
import { useState } from "react";
import { CODE_REFUSED_MESSAGE } from "@/lib/console/second-factor-sign-in";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { SecondFactorCodeField } from "../second-factor-code-field";

function CodeForm() {
  const router = useRouter();
  // update() does nothing until the provider has read the session, so the button waits for it too.
  const { update, status } = useSession();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    const session = await update({ code: String(new FormData(event.currentTarget).get("code") ?? "") });
    if (session?.user && !session.secondFactorPending) {
      router.replace("/merchant/sdk");
      router.refresh();
      return;
    }
    setPending(false);
    if (!session?.user) router.replace("/merchant/sdk/sign-in");
    else setError(session.secondFactorRefusal ?? CODE_REFUSED_MESSAGE);
  }

  return (
    <div className="mt-6">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SecondFactorCodeField error={error} errorId="second-factor-error" />
        <button
          type="submit"
          disabled={pending || status === "loading"}
          className={cn(buttonVariants({ variant: "primary" }), "w-full")}
        >
          {pending ? "Verifying…" : "Verify"}
        </button>
      </form>
      <button
        type="button"
        onClick={() => signOut({ callbackUrl: "/merchant/sdk/sign-in" })}
        className={cn(buttonVariants({ variant: "secondary" }), "mt-3 w-full")}
      >
        Cancel and sign out
      </button>
    </div>
  );
}

export function SecondFactorForm() {
  return (
    <SessionProvider>
      <CodeForm />
    </SessionProvider>
  );
}
