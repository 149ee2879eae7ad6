"use client";
// Switches the console to the mode of the object searched for; the search page then finds it and jumps there.
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { buttonVariants } from "@/components/ui/button";
import { setModeAction } from "../actions";

export function SwitchModeButton({ applicationId, mode }: { applicationId: string; mode: "test" | "live" }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <button
      type="button"
      className={buttonVariants({ variant: "primary" })}
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          await setModeAction(applicationId, mode);
          router.refresh();
        })
      }
    >
      Switch to {mode} mode and open it
    </button>
  );
}
