"use client";
// Signs out through next-auth (a CSRF-checked POST) and returns to the sign-in page.
import { useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";

export function SignOutButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await signOut({ redirect: false });
        router.replace("/merchant/sdk/sign-in");
        router.refresh();
      }}
      className="rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
