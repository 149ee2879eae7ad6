"use client";
// A submit button that shows progress while its form's server action runs.
import { useFormStatus } from "react-dom";
import { buttonVariants, type ButtonVariant } from "./button";
import { cn } from "./cn";

export function SubmitButton({
  children,
  pendingText,
  tone = "primary",
  className,
}: {
  children: React.ReactNode;
  pendingText?: string;
  tone?: ButtonVariant;
  className?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      className={cn(buttonVariants({ variant: tone }), className)}
    >
      {pending ? (pendingText ?? "Working…") : children}
    </button>
  );
}
