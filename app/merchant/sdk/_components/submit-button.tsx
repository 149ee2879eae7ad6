"use client";
// A submit button that shows progress while its form's server action runs.
import { useFormStatus } from "react-dom";
import { buttonClass } from "./ui";

export function SubmitButton({
  children,
  pendingText,
  tone = "primary",
  className = "",
}: {
  children: React.ReactNode;
  pendingText?: string;
  tone?: keyof typeof buttonClass;
  className?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={`${buttonClass[tone]} ${className}`}>
      {pending ? (pendingText ?? "Working…") : children}
    </button>
  );
}
