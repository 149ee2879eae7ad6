// A native modal <dialog> (showModal traps focus, Escape closes, focus returns to the opener), its
// title and its row of buttons; the caller holds the ref and opens it.
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "./cn";

export const dialogVariants = cva(
  "m-auto w-[calc(100%-2rem)] rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40",
  {
    variants: {
      size: {
        md: "max-w-md",
        // A form too tall for a phone scrolls inside the dialog.
        xl: "max-h-[calc(100vh-2rem)] max-w-xl overflow-y-auto",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export function Dialog({
  size,
  className,
  ...props
}: React.ComponentProps<"dialog"> & VariantProps<typeof dialogVariants>) {
  return <dialog className={cn(dialogVariants({ size }), className)} {...props} />;
}

export function DialogTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-semibold text-slate-900">
      {children}
    </h2>
  );
}

/** Cancel and confirm: stacked on a phone with the confirm on top, side by side at the right otherwise. */
export function DialogActions({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>{children}</div>;
}
